/** The look of a menu link (navbar, dashboard side menu); NavLink passes `isActive`. */
export function navItemClass({ isActive }: { isActive: boolean }): string {
  const base = 'block rounded-field px-3 py-2 text-sm font-medium transition-colors hover:bg-base-200';
  return isActive ? `${base} bg-base-200 font-semibold text-base-content` : `${base} text-base-content/80`;
}
