import type { ReactNode } from 'react';

const icon = (path: ReactNode) => (
  <svg
    viewBox="0 0 24 24"
    className="size-8"
    aria-hidden="true"
    focusable="false"
    fill="none"
    stroke="currentColor"
    strokeWidth="1.8"
    strokeLinecap="round"
    strokeLinejoin="round"
  >
    {path}
  </svg>
);

/** PRODUCT.md §1's statistics strip. */
const stats = [
  { value: '120M+', label: 'Annual revenue', icon: icon(<path d="M4 19V9m6 10V5m6 14v-7m4 7H2" />) },
  {
    value: '33K+',
    label: 'Reviews',
    icon: icon(<path d="M12 3l2.7 5.6 6.1.9-4.4 4.3 1 6.1L12 17l-5.4 2.9 1-6.1L3.2 9.5l6.1-.9L12 3z" />),
  },
  {
    value: '50+',
    label: 'Tools',
    icon: icon(
      <path d="M14.7 6.3a4 4 0 0 0-5.4 5.4L3 18l3 3 6.3-6.3a4 4 0 0 0 5.4-5.4l-2.5 2.5-2.4-.6-.6-2.4 2.5-2.5z" />,
    ),
  },
  {
    value: '100+',
    label: 'Customers served',
    icon: icon(
      <path d="M16 20v-1a4 4 0 0 0-4-4H7a4 4 0 0 0-4 4v1m6.5-9a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7zM21 20v-1a4 4 0 0 0-3-3.9M16 4.1a3.5 3.5 0 0 1 0 6.8" />,
    ),
  },
];

export function StatsStrip() {
  return (
    <section aria-labelledby="stats-title" className="bg-neutral text-neutral-content">
      <div className="mx-auto max-w-7xl px-4 py-14">
        <h2 id="stats-title" className="mb-8 text-center text-2xl font-bold text-white sm:text-3xl">
          Millions of parts, thousands of happy workshops
        </h2>
        <dl className="grid grid-cols-2 gap-6 lg:grid-cols-4">
          {stats.map((stat) => (
            <div key={stat.label} className="flex flex-col items-center gap-2 rounded-box bg-white/5 p-6 text-center">
              <dt className="order-last text-sm uppercase tracking-wide text-slate-300">{stat.label}</dt>
              {/* The icon sits inside the <dd>: a <dl>'s groups may hold only <dt> and <dd>. */}
              <dd className="flex flex-col items-center gap-2 text-3xl font-extrabold text-white sm:text-4xl">
                <span className="text-primary">{stat.icon}</span>
                {stat.value}
              </dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}
