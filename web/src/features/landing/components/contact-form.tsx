import type { contactInput } from '@torque/contract';
import { toast } from '@/lib/toast.ts';
import { FormError } from '@/components/form/form-error.tsx';
import { TextField } from '@/components/form/text-field.tsx';
import { useLazyZodForm } from '@/components/form/use-lazy-zod-form.ts';
import { isApiError } from '@/lib/http.ts';
import { useCreateContact } from '../api/create-contact.ts';
import { Spinner } from '@/components/ui/spinner.tsx';

const fieldNames = ['email', 'subject', 'message'] as const;

/** The contract's `contactInput`, fetched when the form is first focused (useLazyZodForm). */
const loadContactInput = () =>
  import('@torque/contract').then((contract): typeof contactInput => contract.contactInput);

/** Email, subject, message and Get Started (PRODUCT.md §1), posted to `/api/contact`. */
export default function ContactForm() {
  const { form, preload } = useLazyZodForm(loadContactInput, {
    defaultValues: { email: '', subject: '', message: '' },
  });
  const contact = useCreateContact();
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((values) =>
    contact.mutate(values, {
      onSuccess: () => {
        toast.success('Thank you! Your message is on its way and we will reply within one business day.');
        form.reset();
      },
      onError: (error) => {
        // The server's per-field messages go under their fields.
        if (isApiError(error) && error.fields) {
          for (const name of fieldNames) {
            const message = error.fields[name];
            if (message) form.setError(name, { type: 'server', message });
          }
        }
      },
    }),
  );

  const fieldErrors = isApiError(contact.error) && contact.error.fields && Object.keys(contact.error.fields).length > 0;

  return (
    <form noValidate className="flex flex-col gap-4" onFocus={preload} onSubmit={onSubmit}>
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        registration={form.register('email')}
        error={errors.email?.message}
      />
      <TextField label="Subject" registration={form.register('subject')} error={errors.subject?.message} />
      <TextField
        label="Message"
        multiline
        rows={5}
        registration={form.register('message')}
        error={errors.message?.message}
      />
      <FormError message={contact.isError && !fieldErrors ? contact.error.message : null} />
      <div>
        <button type="submit" className="btn btn-primary" disabled={contact.isPending}>
          {contact.isPending ? <Spinner size="sm" /> : null}
          Get Started
        </button>
      </div>
    </form>
  );
}
