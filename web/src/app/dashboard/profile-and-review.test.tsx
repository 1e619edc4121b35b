import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { addUser, delay, http, server, signInAs, state } from '@/testing/mock-api.ts';
import { renderApp } from '@/testing/render-app.tsx';

describe('My Profile', () => {
  it('shows the account and the server record, and updates the display name first, then the record', async () => {
    signInAs(
      addUser({
        name: 'Ann Driver',
        email: 'ann@example.com',
        address: '1 Main Street',
        phone: '555-0100',
        linkedin: null,
      }),
    );
    const { user } = renderApp('/dashboard/my-profile');
    expect(await screen.findByText('1 Main Street')).toBeInTheDocument();
    expect(screen.getByText('555-0100')).toBeInTheDocument();
    expect(screen.getByText('Not set')).toBeInTheDocument();

    for (const label of ['Name', 'Address', 'Phone', 'LinkedIn Profile link'])
      expect(screen.getByLabelText(label)).toBeRequired();
    await user.type(screen.getByLabelText('Name'), 'Ann D. Driver');
    await user.type(screen.getByLabelText('Address'), '2 High Street');
    await user.type(screen.getByLabelText('Phone'), '555-0199');
    await user.type(screen.getByLabelText('LinkedIn Profile link'), 'https://www.linkedin.com/in/ann');
    await user.click(screen.getByRole('button', { name: 'Update' }));

    expect(await screen.findByText('Update Successfully')).toBeInTheDocument();
    expect(state.writes).toEqual(['POST /api/auth/update-user', 'PUT /api/user-update']);
    // Profile read again; the navbar shows the new display name; the form is cleared.
    expect(await screen.findByText('2 High Street')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'https://www.linkedin.com/in/ann' })).toHaveAttribute(
      'rel',
      'noopener noreferrer',
    );
    await waitFor(() => expect(screen.getAllByText('Ann D. Driver').length).toBeGreaterThan(0));
    expect(screen.getByLabelText('Name')).toHaveValue('');
  });

  it('requires every field', async () => {
    signInAs(addUser({ email: 'ann@example.com' }));
    const { user } = renderApp('/dashboard/my-profile');
    await user.click(await screen.findByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('LinkedIn Profile link is required')).toBeInTheDocument();
    expect(state.writes).toEqual([]);
  });

  it('never links a profile value that is not an http(s) address', async () => {
    signInAs(addUser({ email: 'ann@example.com', linkedin: 'javascript:alert(1)' }));
    renderApp('/dashboard/my-profile');
    expect(await screen.findByText('javascript:alert(1)')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'javascript:alert(1)' })).not.toBeInTheDocument();
  });
});

describe('Add Review', () => {
  it("posts one review per click with the chosen rating: 'Review added', then on the landing page", async () => {
    signInAs(addUser({ name: 'Ann Driver', email: 'ann@example.com' }));
    server.use(
      http.post('/api/review', async () => {
        await delay(50);
        return undefined;
      }),
    );
    const { user } = renderApp('/dashboard/add-review');

    const name = await screen.findByLabelText('Name');
    expect(name).toHaveValue('Ann Driver');
    expect(name).toHaveAttribute('readonly');

    await user.click(screen.getByRole('button', { name: '4 out of 5' }));
    expect(screen.getByRole('button', { name: '4 out of 5' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByText('4/5')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Comment'), 'Fast delivery, solid discs.');

    const add = screen.getByRole('button', { name: 'Add review' });
    await user.click(add);
    await user.click(add);
    expect(await screen.findByText('Review added')).toBeInTheDocument();
    expect(state.reviews).toHaveLength(1);
    expect(state.reviews[0]).toMatchObject({ name: 'Ann Driver', comment: 'Fast delivery, solid discs.', rating: 4 });
    expect(screen.getByLabelText('Comment')).toHaveValue('');

    await user.click(screen.getAllByRole('link', { name: 'Home' })[0]!);
    expect(await screen.findByText('“Fast delivery, solid discs.”')).toBeInTheDocument();
  });

  it('asks for a rating before posting', async () => {
    signInAs(addUser({ email: 'ann@example.com' }));
    const { user } = renderApp('/dashboard/add-review');
    await user.click(await screen.findByRole('button', { name: 'Add review' }));
    expect(await screen.findByText('Choose a rating from 1 to 5')).toBeInTheDocument();
    expect(state.reviews).toHaveLength(0);
  });
});
