import { profileUpdate } from '@torque/contract';
import { toast } from '@/lib/toast.ts';
import { FormError } from '@/components/form/form-error.tsx';
import { TextField } from '@/components/form/text-field.tsx';
import { useZodForm } from '@/components/form/use-zod-form.ts';
import { Spinner } from '@/components/ui/spinner.tsx';
import { isApiError } from '@/lib/http.ts';
import { useUpdateProfile } from '../api/update-profile.ts';

const empty = { name: '', address: '', phone: '', linkedin: '' };
const fieldNames = ['name', 'address', 'phone', 'linkedin'] as const;

/** PRODUCT.md §2/§7: Name, Address, Phone, LinkedIn Profile link, all required; cleared after saving. */
export function ProfileForm() {
  const form = useZodForm(profileUpdate, { defaultValues: empty });
  const update = useUpdateProfile();
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((values) =>
    update.mutate(values, {
      onSuccess: () => {
        toast.success('Update Successfully');
        form.reset(empty);
      },
      onError: (error) => {
        if (!isApiError(error) || !error.fields) return;
        for (const name of fieldNames) {
          const message = error.fields[name];
          if (message) form.setError(name, { type: 'server', message });
        }
      },
    }),
  );

  return (
    <form noValidate className="grid gap-4 sm:grid-cols-2" onSubmit={onSubmit} aria-labelledby="profile-form-title">
      <h3 id="profile-form-title" className="text-lg font-semibold sm:col-span-2">
        Update your profile
      </h3>
      <TextField
        label="Name"
        autoComplete="name"
        required
        registration={form.register('name')}
        error={errors.name?.message}
      />
      <TextField
        label="Phone"
        type="tel"
        autoComplete="tel"
        required
        registration={form.register('phone')}
        error={errors.phone?.message}
      />
      <TextField
        label="Address"
        autoComplete="street-address"
        required
        className="sm:col-span-2"
        registration={form.register('address')}
        error={errors.address?.message}
      />
      <TextField
        label="LinkedIn Profile link"
        type="url"
        inputMode="url"
        required
        className="sm:col-span-2"
        registration={form.register('linkedin')}
        error={errors.linkedin?.message}
      />
      <div className="flex flex-col gap-2 sm:col-span-2">
        <FormError
          message={update.isError && !(isApiError(update.error) && update.error.fields) ? update.error.message : null}
        />
        <div>
          <button type="submit" className="btn btn-primary" disabled={update.isPending}>
            {update.isPending ? <Spinner size="sm" /> : null}
            Update
          </button>
        </div>
      </div>
    </form>
  );
}
