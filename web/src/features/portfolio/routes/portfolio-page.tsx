import { useTitle } from '@/hooks/use-title.ts';

const technologies = [
  'TypeScript',
  'JavaScript (ES2024)',
  'React 19',
  'React Router',
  'TanStack Query',
  'React Hook Form',
  'Zod',
  'Tailwind CSS',
  'daisyUI',
  'HTML5 & accessible markup',
  'Node.js',
  'Fastify',
  'PostgreSQL',
  'Drizzle ORM',
  'Stripe payments',
  'Vite',
  'Vitest & Testing Library',
  'Playwright',
  'Git',
];

const projects = [
  {
    name: 'Torque Parts',
    description: 'This storefront: catalogue, orders, card payments, reviews and an admin dashboard.',
    href: '/',
    linkLabel: 'Open the site',
  },
  {
    name: 'Workshop Planner',
    description: 'A drag-and-drop scheduler for garage bays, with offline support and live updates between mechanics.',
    href: '#',
    linkLabel: 'Case study coming soon',
  },
  {
    name: 'Fleet Fuel Tracker',
    description: 'A dashboard that charts fuel use across a delivery fleet and flags vehicles that need servicing.',
    href: '#',
    linkLabel: 'Case study coming soon',
  },
];

const education = [
  { title: 'BSc (Hons) Computer Science', place: 'Northfield Institute of Technology', years: '2014 – 2017' },
  { title: 'Web Accessibility Specialist course', place: 'Online, self-paced', years: '2021' },
];

export default function PortfolioPage() {
  useTitle('My Portfolio');
  return (
    <div className="mx-auto max-w-4xl px-4 py-12">
      <header className="mb-10 flex flex-col gap-3 border-b border-base-300 pb-8">
        <p className="text-sm font-semibold uppercase tracking-widest text-amber-700">My portfolio</p>
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Jordan Avery</h1>
        <p className="text-lg text-base-content/80">
          Front-end engineer. I build fast, accessible web applications with React and TypeScript, from the design
          system to the payment flow.
        </p>
        <p className="text-sm">
          Email: <span className="font-medium">jordan.avery@example.com</span>
        </p>
      </header>

      <div className="grid gap-10 md:grid-cols-[1fr_2fr]">
        <section aria-labelledby="education-title">
          <h2 id="education-title" className="mb-4 text-xl font-bold">
            Education
          </h2>
          <ul className="flex flex-col gap-4">
            {education.map((item) => (
              <li key={item.title}>
                <p className="font-semibold">{item.title}</p>
                <p className="text-sm text-base-content/80">
                  {item.place} · {item.years}
                </p>
              </li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="skills-title">
          <h2 id="skills-title" className="mb-4 text-xl font-bold">
            Technologies
          </h2>
          <ul className="flex flex-wrap gap-2">
            {technologies.map((tech) => (
              <li key={tech} className="badge badge-outline badge-lg h-auto py-1">
                {tech}
              </li>
            ))}
          </ul>
        </section>
      </div>

      <section aria-labelledby="projects-title" className="mt-12">
        <h2 id="projects-title" className="mb-4 text-xl font-bold">
          Projects
        </h2>
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {projects.map((project) => (
            <li key={project.name} className="card border border-base-300 bg-base-100 shadow-sm">
              <div className="card-body gap-3">
                <h3 className="card-title text-lg">{project.name}</h3>
                <p className="text-sm text-base-content/80">{project.description}</p>
                <a href={project.href} className="link mt-auto font-medium">
                  {project.linkLabel}
                </a>
              </div>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
