import { useRef, useState } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router';
import { useAuth } from '@/lib/auth/index.ts';
import { useLaterTask } from '@/lib/use-slices.ts';
import { navItemClass } from '../ui/nav-item-class.ts';
import { CartLink } from './cart-link.tsx';
import { LogoMark } from './logo.tsx';

interface NavItem {
  to: string;
  label: string;
  end?: boolean;
}

/**
 * PRODUCT.md §2: Home, the catalogue (issue 14), dashboard (signed in), blogs, my-portfolio,
 * login (signed out; neither while unknown).
 */
function navItems(signedIn: boolean, signedOut: boolean): NavItem[] {
  return [
    { to: '/', label: 'Home', end: true },
    { to: '/parts', label: 'Parts' },
    ...(signedIn ? [{ to: '/dashboard', label: 'Dashboard' }] : []),
    { to: '/blogs', label: 'Blogs' },
    { to: '/my-portfolio', label: 'My Portfolio' },
    ...(signedOut ? [{ to: '/login', label: 'Login' }] : []),
  ];
}

const HEADER = 'sticky top-0 z-40 border-b border-base-300 bg-base-100/95 backdrop-blur';
const BAR = 'navbar mx-auto max-w-7xl gap-2 px-4';

/** The navbar's empty bar, as tall as the navbar: its place while the layout's first task runs. */
export function NavbarPlaceholder() {
  return (
    <header className={HEADER} aria-hidden="true">
      <div className={BAR} />
    </header>
  );
}

export function Navbar() {
  const { status, user, signOut } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  // The small-screen menu is open on the page it was opened on: navigating closes it.
  const [menuOpenOn, setMenuOpenOn] = useState<string | null>(null);
  const menuOpen = menuOpenOn === location.pathname;
  const toggleRef = useRef<HTMLButtonElement>(null);
  const cartTask = useLaterTask();
  const signedIn = status === 'authenticated' && user !== null;
  const items = navItems(signedIn, status === 'unauthenticated');
  const displayName = user?.name || user?.email || '';

  async function handleSignOut() {
    setMenuOpenOn(null);
    await signOut();
    await navigate('/');
  }

  const links = items.map((item) => (
    <li key={item.to}>
      <NavLink to={item.to} end={item.end ?? false} className={navItemClass}>
        {item.label}
      </NavLink>
    </li>
  ));

  const account = signedIn ? (
    <div className="flex items-center gap-3">
      <span className="max-w-48 truncate text-sm font-medium" title={displayName}>
        {displayName}
      </span>
      <button type="button" className="btn btn-outline btn-sm" onClick={handleSignOut}>
        Sign Out
      </button>
    </div>
  ) : null;

  return (
    <header className={HEADER}>
      <div className={BAR}>
        <div className="flex-1">
          <Link to="/" className="flex items-center gap-2 rounded-field px-1 text-lg font-bold tracking-tight">
            <LogoMark className="size-7 text-primary" />
            Torque Parts
          </Link>
        </div>

        <nav aria-label="Main" className="hidden items-center gap-2 lg:flex">
          <ul className="flex items-center gap-1">{links}</ul>
          {account}
        </nav>

        {/* In a task of its own (its count reads the cart's store and queries, cold on a first
            visit); until then an empty square of the link's size holds its place. */}
        {cartTask ? <CartLink /> : <span className="btn btn-ghost btn-square invisible" aria-hidden="true" />}

        <button
          ref={toggleRef}
          type="button"
          className="btn btn-ghost btn-square lg:hidden"
          aria-expanded={menuOpen}
          aria-controls="mobile-menu"
          onClick={() => setMenuOpenOn(menuOpen ? null : location.pathname)}
        >
          <span className="sr-only">{menuOpen ? 'Close menu' : 'Open menu'}</span>
          <svg
            viewBox="0 0 24 24"
            className="size-6"
            aria-hidden="true"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
          >
            {menuOpen ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
          </svg>
        </button>
      </div>

      {menuOpen ? (
        <nav
          id="mobile-menu"
          aria-label="Main"
          className="border-t border-base-300 px-4 pb-4 lg:hidden"
          onKeyDown={(event) => {
            if (event.key !== 'Escape') return;
            setMenuOpenOn(null);
            toggleRef.current?.focus();
          }}
        >
          <ul className="flex flex-col gap-1 py-2">{links}</ul>
          {account ? <div className="px-3 pt-2">{account}</div> : null}
        </nav>
      ) : null}
    </header>
  );
}
