import { LogoMark } from './logo.tsx';
import { MicroblogIcon, SocialNetworkIcon, VideoIcon } from './social-icons.tsx';

const columns = [
  { title: 'Services', links: ['Branding', 'Design', 'Marketing', 'Advertisement'] },
  { title: 'Company', links: ['About us', 'Contact', 'Jobs', 'Press kit'] },
  { title: 'Legal', links: ['Terms of use', 'Privacy policy', 'Cookie policy'] },
];

const socials = [
  { label: 'Microblog', Icon: MicroblogIcon },
  { label: 'Video channel', Icon: VideoIcon },
  { label: 'Social network', Icon: SocialNetworkIcon },
];

/**
 * PRODUCT.md §1: three link columns and a bottom bar. The links have no targets yet, so they are
 * buttons styled as links: focusable, announced, and honest about going nowhere.
 */
export function Footer() {
  return (
    <footer className="mt-16 bg-neutral text-neutral-content">
      <div className="mx-auto grid max-w-7xl grid-cols-2 gap-8 px-4 py-10 sm:grid-cols-3">
        {columns.map((column) => (
          <nav key={column.title} aria-label={column.title} className="flex flex-col gap-2">
            <h2 className="mb-1 text-sm font-semibold uppercase tracking-wide text-slate-400">{column.title}</h2>
            <ul className="flex flex-col gap-2">
              {column.links.map((link) => (
                <li key={link}>
                  <button type="button" className="link link-hover text-left text-slate-200">
                    {link}
                  </button>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="border-t border-neutral-content/20">
        <div className="mx-auto flex max-w-7xl flex-col items-start gap-4 px-4 py-6 sm:flex-row sm:items-center sm:justify-between">
          <div className="flex items-center gap-3">
            <LogoMark className="size-9 text-primary" />
            <p className="text-sm">
              <span className="font-semibold">Torque Parts Ltd.</span>
              <br />
              Providing reliable tech since 1992
            </p>
          </div>
          <ul className="flex gap-2" aria-label="Social media">
            {socials.map(({ label, Icon }) => (
              <li key={label}>
                <button
                  type="button"
                  className="btn btn-ghost btn-square border-none text-neutral-content hover:bg-white/10"
                  aria-label={label}
                >
                  <Icon />
                </button>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </footer>
  );
}
