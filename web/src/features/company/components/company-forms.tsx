import type { Company, companyAttachForm, companyFields, companyInput, companyTermsForm } from '@torque/contract';
import { COMPANY_ROLES } from '@torque/contract/company-rules';
import { useId } from 'react';
import { FormError } from '@/components/form/form-error.tsx';
import { showServerFieldErrors } from '@/components/form/server-field-errors.ts';
import { TextField } from '@/components/form/text-field.tsx';
import { useLazyZodForm } from '@/components/form/use-lazy-zod-form.ts';
import { Spinner } from '@/components/ui/spinner.tsx';
import { isApiError } from '@/lib/http.ts';
import { toast } from '@/lib/toast.ts';
import { useCreateCompany, usePutCompanyMember, usePutCompanyTerms, useUpdateCompany } from '../api/company.ts';

// Each form's schema, fetched on the form's first focus (useLazyZodForm): zod and the contract
// were the company pages' largest download and evaluation before their first paint (issue 31).
const loadCompanyInput = () =>
  import('@torque/contract').then((contract): typeof companyInput => contract.companyInput);
const loadCompanyFields = () =>
  import('@torque/contract').then((contract): typeof companyFields => contract.companyFields);
const loadAttachForm = () =>
  import('@torque/contract').then((contract): typeof companyAttachForm => contract.companyAttachForm);
const loadTermsForm = () =>
  import('@torque/contract').then((contract): typeof companyTermsForm => contract.companyTermsForm);

/** `POST /api/companies` (shop admins): name and an optional tax number. */
export function CreateCompanyForm() {
  const { form, preload } = useLazyZodForm(loadCompanyInput, { defaultValues: { name: '', taxId: '' } });
  const create = useCreateCompany();
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit((input) =>
    create.mutate(input, {
      onSuccess: (company) => {
        toast.success(`${company.name} created`);
        form.reset({ name: '', taxId: '' });
      },
      onError: (error) => showServerFieldErrors(error, ['name', 'taxId'], form.setError),
    }),
  );
  const atField = isApiError(create.error) && create.error.fields !== undefined;
  return (
    <form
      noValidate
      aria-label="Create a company"
      className="grid gap-3 rounded-box border border-base-300 bg-base-100 p-4 sm:grid-cols-2"
      onFocus={preload}
      onSubmit={onSubmit}
    >
      <h3 className="text-base font-semibold sm:col-span-2">Create a company</h3>
      <TextField label="Company name" required registration={form.register('name')} error={errors.name?.message} />
      <TextField
        label="Tax number (optional)"
        placeholder="FR40303265045"
        registration={form.register('taxId')}
        error={errors.taxId?.message}
      />
      <div className="flex flex-col gap-2 sm:col-span-2">
        <FormError message={create.isError && !atField ? create.error.message : null} />
        <div>
          <button type="submit" className="btn btn-primary btn-sm" disabled={create.isPending}>
            {create.isPending ? <Spinner size="sm" /> : null}
            Create company
          </button>
        </div>
      </div>
    </form>
  );
}

/**
 * `PUT /api/companies/:id` (shop admins): a new name and tax number; the server checks a new
 * number with VIES (a malformed EU VAT number is an error at the field). Empty removes the number.
 */
export function EditCompanyForm({ company, onDone }: { company: Company; onDone: () => void }) {
  const { form, preload } = useLazyZodForm(loadCompanyFields, {
    defaultValues: { name: company.name, taxId: company.taxId ?? '' },
  });
  const update = useUpdateCompany();
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit((fields) =>
    update.mutate(
      { companyId: company._id, fields },
      {
        onSuccess: (saved) => {
          toast.success(`${saved.name} saved`);
          onDone();
        },
        onError: (error) => showServerFieldErrors(error, ['name', 'taxId'], form.setError),
      },
    ),
  );
  const atField = isApiError(update.error) && update.error.fields !== undefined;
  return (
    <form
      noValidate
      aria-label={`Edit ${company.name}`}
      className="grid gap-3 rounded-box border border-base-300 p-3 sm:grid-cols-2"
      onFocus={preload}
      onSubmit={onSubmit}
    >
      <TextField label="Company name" required registration={form.register('name')} error={errors.name?.message} />
      <TextField
        label="Tax number"
        placeholder="FR40303265045"
        registration={form.register('taxId')}
        error={errors.taxId?.message}
      />
      <p className="text-sm sm:col-span-2">
        A new EU VAT number is checked with the EU’s VIES service; leave it empty for none.
      </p>
      <div className="flex flex-col gap-2 sm:col-span-2">
        <FormError message={update.isError && !atField ? update.error.message : null} />
        <div className="flex gap-2">
          <button type="submit" className="btn btn-primary btn-sm" disabled={update.isPending}>
            {update.isPending ? <Spinner size="sm" /> : null}
            Save company
          </button>
          <button type="button" className="btn btn-ghost btn-sm" disabled={update.isPending} onClick={onDone}>
            Cancel
          </button>
        </div>
      </div>
    </form>
  );
}

/** `PUT /api/companies/:id/members/:email` (shop admins): attach an existing account with a role. */
export function AttachMemberForm({ company }: { company: Company }) {
  const { form, preload } = useLazyZodForm(loadAttachForm, { defaultValues: { email: '', role: 'buyer' } });
  const put = usePutCompanyMember();
  const roleId = useId();
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit(({ email, role }) =>
    put.mutate(
      { companyId: company._id, email, role },
      {
        onSuccess: () => {
          toast.success(`${email} is now ${role === 'admin' ? 'an admin' : 'a buyer'} of ${company.name}`);
          form.reset({ email: '', role: 'buyer' });
        },
        onError: (error) => {
          if (isApiError(error) && (error.status === 404 || error.status === 409))
            form.setError('email', {
              type: 'server',
              message: error.status === 404 ? 'No account has this e-mail' : error.message,
            });
          else showServerFieldErrors(error, ['email', 'role'], form.setError);
        },
      },
    ),
  );
  return (
    <form
      noValidate
      aria-label={`Attach an account to ${company.name}`}
      className="flex flex-wrap items-end gap-2"
      onFocus={preload}
      onSubmit={onSubmit}
    >
      <TextField
        label="Account e-mail"
        type="email"
        required
        className="min-w-56"
        registration={form.register('email')}
        error={errors.email?.message}
      />
      <div className="flex flex-col gap-1">
        <label htmlFor={roleId} className="text-sm font-medium">
          Role
        </label>
        <select id={roleId} className="select select-bordered select-sm" {...form.register('role')}>
          {COMPANY_ROLES.map((role) => (
            <option key={role} value={role}>
              {role === 'admin' ? 'Admin' : 'Buyer'}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className="btn btn-sm" disabled={put.isPending}>
        {put.isPending ? <Spinner size="sm" /> : null}
        Attach
      </button>
    </form>
  );
}

/** `PUT /api/companies/:id/terms` (shop admins): grant Net N days and a credit limit, or withdraw them. */
export function TermsForm({ company }: { company: Company }) {
  const { form, preload } = useLazyZodForm(loadTermsForm, {
    defaultValues: {
      netDays: company.terms ? String(company.terms.netDays) : '',
      creditLimit: company.terms ? String(company.terms.creditLimit) : '',
    },
  });
  const put = usePutCompanyTerms();
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit((terms) =>
    put.mutate(
      { companyId: company._id, terms },
      {
        onSuccess: () => toast.success(`Terms of ${company.name} saved`),
        onError: (error) => showServerFieldErrors(error, ['netDays', 'creditLimit'], form.setError),
      },
    ),
  );
  const withdraw = () =>
    put.mutate(
      { companyId: company._id, terms: { netDays: null, creditLimit: null } },
      {
        onSuccess: () => {
          toast.success(`Terms of ${company.name} withdrawn`);
          form.reset({ netDays: '', creditLimit: '' });
        },
      },
    );
  const atField = isApiError(put.error) && put.error.fields !== undefined;
  return (
    <form
      noValidate
      aria-label={`Payment terms of ${company.name}`}
      className="flex flex-wrap items-end gap-2"
      onFocus={preload}
      onSubmit={onSubmit}
    >
      <TextField
        label="Net days"
        inputMode="numeric"
        className="w-28"
        registration={form.register('netDays')}
        error={errors.netDays?.message}
      />
      <TextField
        label="Credit limit ($)"
        inputMode="decimal"
        className="w-36"
        registration={form.register('creditLimit')}
        error={errors.creditLimit?.message}
      />
      <button type="submit" className="btn btn-sm" disabled={put.isPending}>
        {company.terms ? 'Save terms' : 'Grant terms'}
      </button>
      {company.terms ? (
        <button type="button" className="btn btn-ghost btn-sm" disabled={put.isPending} onClick={withdraw}>
          Withdraw terms
        </button>
      ) : null}
      <FormError message={put.isError && !atField ? put.error.message : null} />
    </form>
  );
}
