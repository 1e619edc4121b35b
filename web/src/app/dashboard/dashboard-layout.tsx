import { useId, useState } from 'react';
import { NavLink, Outlet, useLocation } from 'react-router';
import { navItemClass } from '@/components/ui/nav-item-class.ts';
import { useAdmin } from '@/lib/auth/index.ts';
import { useOpenMessageCount } from '@/features/messages/api/contact-messages.ts';

interface MenuItem {
  to: string;
  label: string;
  /** A count shown beside the label (open messages). */
  count?: number | undefined;
}

/** PRODUCT.md §2: My Profile for everyone; non-admins also Add Review, Orders and My company (§24); admins the Overview first, then the rest. */
function menuFor(isAdmin: boolean, openMessages?: number): MenuItem[] {
  const everyone = [{ to: '/dashboard/my-profile', label: 'My Profile' }];
  if (isAdmin) {
    return [
      { to: '/dashboard/overview', label: 'Overview' },
      ...everyone,
      { to: '/dashboard/user', label: 'Make Admin' },
      { to: '/dashboard/add-product', label: 'Add Product' },
      { to: '/dashboard/manage-all-orders', label: 'Manage All Orders' },
      { to: '/dashboard/manage-products', label: 'Manage Products' },
      { to: '/dashboard/shipping', label: 'Shipping' },
      { to: '/dashboard/tax', label: 'Tax' },
      { to: '/dashboard/price-lists', label: 'Price lists' },
      { to: '/dashboard/messages', label: 'Messages', count: openMessages },
      { to: '/dashboard/companies', label: 'Companies' },
    ];
  }
  return [
    ...everyone,
    { to: '/dashboard/add-review', label: 'Add Review' },
    { to: '/dashboard/my-orders', label: 'Orders' },
    { to: '/dashboard/company', label: 'My company' },
  ];
}

/** Side menu on wide screens, a drawer on small ones (PRODUCT.md §2). */
export default function DashboardLayout() {
  const drawerId = useId();
  const { isAdmin, isLoading } = useAdmin();
  const openMessages = useOpenMessageCount(!isLoading && isAdmin);
  const items = isLoading ? [] : menuFor(isAdmin, openMessages.data);
  // Open on the page it was opened on: following a menu link closes it.
  const { pathname } = useLocation();
  const [drawerOpenOn, setDrawerOpenOn] = useState<string | null>(null);
  const drawerOpen = drawerOpenOn === pathname;
  const setDrawerOpen = (open: boolean) => setDrawerOpenOn(open ? pathname : null);

  return (
    <div className="drawer mx-auto max-w-7xl lg:drawer-open">
      {/* daisyUI's drawer is driven by this checkbox; the button below is what people use. */}
      <input
        id={drawerId}
        type="checkbox"
        className="drawer-toggle"
        tabIndex={-1}
        aria-hidden="true"
        checked={drawerOpen}
        onChange={(event) => setDrawerOpen(event.target.checked)}
      />
      <div className="drawer-content flex flex-col gap-4 px-4 py-6">
        <div className="flex items-center justify-between gap-4">
          <h1 className="text-2xl font-bold">Dashboard</h1>
          <button
            type="button"
            className="btn btn-outline btn-sm lg:hidden"
            aria-expanded={drawerOpen}
            onClick={() => setDrawerOpen(true)}
          >
            Dashboard menu
          </button>
        </div>
        <Outlet />
      </div>
      <div className="drawer-side z-50 lg:z-auto">
        <label htmlFor={drawerId} aria-hidden="true" className="drawer-overlay" />
        <nav aria-label="Dashboard" className="min-h-full w-64 bg-base-200 p-4 lg:min-h-0 lg:bg-transparent">
          <ul className="flex flex-col gap-1">
            {items.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} className={navItemClass}>
                  {item.label}
                  {item.count ? (
                    <span className="badge badge-sm badge-primary ml-auto">
                      {item.count}
                      <span className="sr-only"> open</span>
                    </span>
                  ) : null}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </div>
  );
}
