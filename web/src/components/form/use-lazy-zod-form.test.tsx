import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ChunkErrorBoundary } from '@/components/errors/chunk-error-boundary.tsx';
import { useLazyZodForm, type SchemaLoader } from './use-lazy-zod-form.ts';

const schema = z.object({ email: z.string().min(1, 'Email is Required') });

function EmailForm({ load, onValid }: { load: SchemaLoader<typeof schema>; onValid: (email: string) => void }) {
  const { form, preload } = useLazyZodForm(load, { defaultValues: { email: '' } });
  return (
    <form onFocus={preload} onSubmit={form.handleSubmit((values) => onValid(values.email))}>
      <label htmlFor="email">Email</label>
      <input id="email" {...form.register('email')} />
      {form.formState.errors.email ? <p>{form.formState.errors.email.message}</p> : null}
      <button type="submit">Send</button>
    </form>
  );
}

describe('useLazyZodForm', () => {
  it('asks for the schema on the first focus, not before, once, and checks with it', async () => {
    const load = vi.fn(async () => schema);
    const onValid = vi.fn();
    render(<EmailForm load={load} onValid={onValid} />);
    expect(load).not.toHaveBeenCalled();

    await userEvent.click(screen.getByLabelText('Email'));
    expect(load).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Email is Required')).toBeInTheDocument();
    expect(onValid).not.toHaveBeenCalled();

    await userEvent.type(screen.getByLabelText('Email'), 'a@b.co');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await vi.waitFor(() => expect(onValid).toHaveBeenCalledWith('a@b.co'));
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('waits for the schema when the form is submitted before anything was focused', async () => {
    const load = vi.fn(async () => schema);
    render(<EmailForm load={load} onValid={vi.fn()} />);
    screen.getByRole('button', { name: 'Send' }).closest('form')!.requestSubmit();
    expect(await screen.findByText('Email is Required')).toBeInTheDocument();
  });

  it('shows the chunk error, submitting nothing, when the schema cannot be downloaded', async () => {
    const load = vi.fn(() =>
      Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/schemas-x.js')),
    );
    const onValid = vi.fn();
    // React reports the error the boundary catches; it is the point of this test.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <ChunkErrorBoundary>
        <EmailForm load={load} onValid={onValid} />
      </ChunkErrorBoundary>,
    );
    await userEvent.type(screen.getByLabelText('Email'), 'a@b.co');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText(/Loading chunk form-schema failed/)).toBeInTheDocument();
    expect(onValid).not.toHaveBeenCalled();
  });
});
