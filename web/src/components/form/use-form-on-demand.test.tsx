import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { useFormOnDemand } from './use-form-on-demand.tsx';

const schema = z.object({
  email: z.string().min(1, 'Email is Required'),
  password: z.string().min(6, 'Must be 6 characters or longer'),
});
const loadSchema = async () => schema;

// The host (and react-hook-form with it) arrives only when the test opens the gate.
const host = vi.hoisted(() => {
  let open: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => (open = resolve));
  return { requested: { count: 0 }, gate, open: () => open() };
});
vi.mock('./form-host.tsx', async (importOriginal) => {
  host.requested.count += 1;
  await host.gate;
  return importOriginal();
});

function SignInForm({ onValid }: { onValid: (values: z.output<typeof schema>) => void }) {
  const { register, errors, formProps, host: formHost } = useFormOnDemand(loadSchema, onValid);
  return (
    <form noValidate {...formProps}>
      <label htmlFor="email">Email</label>
      <input id="email" {...register('email')} />
      {errors.email ? <p>{errors.email.message}</p> : null}
      <label htmlFor="password">Password</label>
      <input id="password" type="password" {...register('password')} />
      {errors.password ? <p>{errors.password.message}</p> : null}
      <button type="submit">Send</button>
      {formHost}
    </form>
  );
}

describe('useFormOnDemand', () => {
  it('keeps what is typed and a submit made before react-hook-form arrives, then checks and sends it', async () => {
    const onValid = vi.fn();
    const user = userEvent.setup();
    render(<SignInForm onValid={onValid} />);
    expect(host.requested.count).toBe(0);

    const email = screen.getByLabelText('Email');
    await user.click(email);
    expect(host.requested.count).toBe(1);
    await user.type(email, 'a@b.co');
    await user.type(screen.getByLabelText('Password'), 'secret1{Enter}');
    expect(onValid).not.toHaveBeenCalled();

    host.open();
    await vi.waitFor(() => expect(onValid).toHaveBeenCalledWith({ email: 'a@b.co', password: 'secret1' }), {
      timeout: 10_000,
    });
    expect(onValid).toHaveBeenCalledTimes(1);
    // The same inputs, with what was typed and the focus where it was.
    expect(screen.getByLabelText('Email')).toBe(email);
    expect(email).toHaveValue('a@b.co');
    expect(screen.getByLabelText('Password')).toHaveFocus();
  });

  it('checks a submit made before anything was focused, moves to the first wrong field, then checks each change', async () => {
    const onValid = vi.fn();
    const user = userEvent.setup();
    render(<SignInForm onValid={onValid} />);
    screen.getByRole('button', { name: 'Send' }).closest('form')!.requestSubmit();
    expect(await screen.findByText('Email is Required')).toBeInTheDocument();
    expect(screen.getByText('Must be 6 characters or longer')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveFocus();

    await user.type(screen.getByLabelText('Email'), 'a');
    await vi.waitFor(() => expect(screen.queryByText('Email is Required')).not.toBeInTheDocument());
    expect(screen.getByText('Must be 6 characters or longer')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Password'), '123456');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await vi.waitFor(() => expect(onValid).toHaveBeenCalledWith({ email: 'a', password: '123456' }));
  });
});
