import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { addOrder, addPart, addUser, http, HttpResponse, server, signInAs, state } from '@/testing/mock-api.ts';
import { fillFields, productValues } from '@/testing/product-form.ts';
import { renderApp } from '@/testing/render-app.tsx';

function openAsAdmin(path: string) {
  signInAs(addUser({ name: 'The Boss', email: 'boss@example.com', admin: true }));
  return renderApp(path);
}

const rowOf = (text: string) => screen.getByRole('cell', { name: text }).closest('tr')!;

describe('Make Admin', () => {
  it('lists every user with a count; Make Admin is hidden for admins and promotes the others', async () => {
    addUser({ name: 'Ann Driver', email: 'ann@example.com' });
    addUser({ name: '', email: 'friend@example.com' });
    const { user } = openAsAdmin('/dashboard/user');

    expect(await screen.findByRole('heading', { name: 'Users: 3' })).toBeInTheDocument();
    expect(within(rowOf('boss@example.com')).queryByRole('button', { name: /^Make Admin/ })).not.toBeInTheDocument();

    await user.click(within(rowOf('ann@example.com')).getByRole('button', { name: 'Make Admin, ann@example.com' }));
    expect(await screen.findByText('you approved Ann Driver as admin.')).toBeInTheDocument();
    await waitFor(() =>
      expect(within(rowOf('ann@example.com')).queryByRole('button', { name: /^Make Admin/ })).not.toBeInTheDocument(),
    );
    expect(state.users.get('ann@example.com')!.admin).toBe(true);

    // No name: the toast names the email.
    await user.click(
      within(rowOf('friend@example.com')).getByRole('button', { name: 'Make Admin, friend@example.com' }),
    );
    expect(await screen.findByText('you approved friend@example.com as admin.')).toBeInTheDocument();
  });

  it("deletes a user after the confirm modal: 'User Deleted'", async () => {
    addUser({ email: 'ann@example.com' });
    const { user } = openAsAdmin('/dashboard/user');
    await user.click(await screen.findByRole('button', { name: 'Delete user ann@example.com' }));
    const dialog = await screen.findByRole('dialog', { name: 'Are you sure you want to delete?' });
    expect(within(dialog).getByText('ann@example.com')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('User Deleted')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Users: 1' })).toBeInTheDocument();
    expect(state.users.has('ann@example.com')).toBe(false);
  });

  it("shows the server's refusal (the last admin stays)", async () => {
    const { user } = openAsAdmin('/dashboard/user');
    await user.click(await screen.findByRole('button', { name: 'Delete user boss@example.com' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('The last admin cannot be deleted')).toBeInTheDocument();
    expect(state.users.has('boss@example.com')).toBe(true);
  });
});

describe('Add Product', () => {
  const fill = (user: ReturnType<typeof renderApp>['user'], values: Record<string, string>) =>
    fillFields(user, document.body, values);
  const product = productValues;

  it("adds a product from text inputs: 'item added', form cleared, in the catalogue", async () => {
    const { user } = openAsAdmin('/dashboard/add-product');
    await screen.findByLabelText('Minimun Quantity');
    for (const label of Object.keys(product)) expect(screen.getByLabelText(label)).toBeRequired();
    await fill(user, product);
    await user.click(screen.getByRole('button', { name: 'Add' }));

    expect(await screen.findByText('item added')).toBeInTheDocument();
    expect(state.parts).toHaveLength(1);
    expect(state.parts[0]).toMatchObject({ name: 'Timing Belt', minimunOrder: 20, available: 300, price: 18.5 });
    expect(screen.getByLabelText('Name')).toHaveValue('');
  });

  it('says which fields are missing', async () => {
    const { user } = openAsAdmin('/dashboard/add-product');
    await user.click(await screen.findByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('Description is required')).toBeInTheDocument();
    expect(screen.getByText('Image Link is required')).toBeInTheDocument();
    expect(state.parts).toHaveLength(0);
  });

  it("shows the server's validation errors under their fields", async () => {
    server.use(
      http.post('/api/parts', () =>
        HttpResponse.json(
          {
            error: {
              code: 'VALIDATION_FAILED',
              message: 'Name is taken',
              fields: { name: 'Name is taken', price: 'Price is too high' },
            },
          },
          { status: 400 },
        ),
      ),
    );
    const { user } = openAsAdmin('/dashboard/add-product');
    await screen.findByLabelText('Name');
    await fill(user, product);
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Name is taken')).toBeInTheDocument();
    expect(screen.getByText('Price is too high')).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
  });
});

describe('Manage All Orders', () => {
  it('shows each order with its status; Ship Now only for paid, Cancel only for unpaid', async () => {
    addOrder({ email: 'ann@example.com', name: 'Unpaid Disc' });
    addOrder({ email: 'ann@example.com', name: 'Pending Filter', payment: true, paymentId: 'pi_1' });
    addOrder({ email: 'bob@example.com', name: 'Shipped Plug', payment: true, paymentId: 'pi_2', status: 'shipped' });
    const { user } = openAsAdmin('/dashboard/manage-all-orders');

    expect(await screen.findByRole('heading', { name: 'All orders: 3' })).toBeInTheDocument();
    const unpaid = rowOf('Unpaid Disc');
    const pending = rowOf('Pending Filter');
    const shipped = rowOf('Shipped Plug');
    expect(within(unpaid).getByText('Unpaid')).toBeInTheDocument();
    expect(within(pending).getByText('Pending')).toBeInTheDocument();
    expect(within(shipped).getByText('Shipped')).toBeInTheDocument();
    expect(within(unpaid).getByRole('button', { name: /^Ship Now, order \d+$/ })).toBeDisabled();
    expect(within(unpaid).getByRole('button', { name: /Cancel order/ })).toBeEnabled();
    expect(within(pending).getByRole('button', { name: /Cancel order/ })).toBeDisabled();
    expect(within(shipped).getByRole('button', { name: /^Ship Now, order \d+$/ })).toBeDisabled();

    await user.click(within(pending).getByRole('button', { name: /^Ship Now, order \d+$/ }));
    expect(await screen.findByText('items shipped')).toBeInTheDocument();
    await waitFor(() => expect(within(rowOf('Pending Filter')).getByText('Shipped')).toBeInTheDocument());
    expect(state.orders[1]!.status).toBe('shipped');
  });

  it('cancels an unpaid order after the confirm modal', async () => {
    addOrder({ email: 'ann@example.com', name: 'Unpaid Disc' });
    const { user } = openAsAdmin('/dashboard/manage-all-orders');
    await user.click(await screen.findByRole('button', { name: 'Cancel order 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Are you sure you want to delete?' });
    expect(within(dialog).getByText('Unpaid Disc')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('No orders yet')).toBeInTheDocument();
    expect(state.orders).toHaveLength(0);
  });
});

describe('Manage Products', () => {
  it("lists the catalogue with a count and deletes a product after the confirm modal: 'Item deleted'", async () => {
    addPart({ name: 'Brake Disc', minimunOrder: 10, available: 120, price: 25 });
    addPart({ name: 'Oil Filter', minimunOrder: 50, available: 900, price: 4.5 });
    const { user } = openAsAdmin('/dashboard/manage-products');

    expect(await screen.findByRole('heading', { name: 'Products: 2' })).toBeInTheDocument();
    const row = rowOf('Oil Filter');
    expect(within(row).getByText('50')).toBeInTheDocument();
    expect(within(row).getByText('900')).toBeInTheDocument();
    expect(within(row).getByText('$4.50')).toBeInTheDocument();

    await user.click(within(row).getByRole('button', { name: 'Delete product Oil Filter' }));
    const dialog = await screen.findByRole('dialog', { name: 'Are you sure you want to delete?' });
    expect(within(dialog).getByText('Oil Filter')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('Item deleted')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Products: 1' })).toBeInTheDocument();
    expect(state.parts.map((p) => p.name)).toEqual(['Brake Disc']);
  });
});
