import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { addUser, signInAs } from '@/testing/mock-api.ts';
import { renderApp } from '@/testing/render-app.tsx';

async function menuLinks() {
  const menu = await screen.findByRole('navigation', { name: 'Dashboard' });
  await within(menu).findByRole('link', { name: 'My Profile' });
  return within(menu)
    .getAllByRole('link')
    .map((link) => [link.textContent, link.getAttribute('href')]);
}

describe('Dashboard side menu (PRODUCT.md §2)', () => {
  it('gives a customer My Profile, Add Review, Orders and My company', async () => {
    signInAs(addUser({ email: 'ann@example.com', admin: false }));
    renderApp('/dashboard');
    expect(await menuLinks()).toEqual([
      ['My Profile', '/dashboard/my-profile'],
      ['Add Review', '/dashboard/add-review'],
      ['Orders', '/dashboard/my-orders'],
      ['My company', '/dashboard/company'],
    ]);
  });

  it('gives an admin the Overview first, My Profile and the admin screens (Messages included), without Add Review or Orders', async () => {
    signInAs(addUser({ email: 'boss@example.com', admin: true }));
    renderApp('/dashboard/my-profile');
    expect(await menuLinks()).toEqual([
      ['Overview', '/dashboard/overview'],
      ['My Profile', '/dashboard/my-profile'],
      ['Make Admin', '/dashboard/user'],
      ['Add Product', '/dashboard/add-product'],
      ['Manage All Orders', '/dashboard/manage-all-orders'],
      ['Manage Products', '/dashboard/manage-products'],
      ['Shipping', '/dashboard/shipping'],
      ['Tax', '/dashboard/tax'],
      ['Price lists', '/dashboard/price-lists'],
      ['Messages', '/dashboard/messages'],
      ['Companies', '/dashboard/companies'],
    ]);
  });

  it('opens the menu as a drawer from its button on small screens, and a link closes it', async () => {
    signInAs(addUser({ email: 'ann@example.com' }));
    const { user } = renderApp('/dashboard');
    const toggle = await screen.findByRole('button', { name: 'Dashboard menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const menu = screen.getByRole('navigation', { name: 'Dashboard' });
    await user.click(await within(menu).findByRole('link', { name: 'Add Review' }));
    expect(await screen.findByRole('heading', { name: 'Add Review' })).toBeInTheDocument();
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });
});
