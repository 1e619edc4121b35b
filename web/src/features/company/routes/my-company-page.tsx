import type { CompanyMember, MyCompany } from '@torque/contract';
import { useState } from 'react';
import { toast } from '@/lib/toast.ts';
import { PageHeader } from '@/components/layout/page-header.tsx';
import { ConfirmModal } from '@/components/ui/confirm-modal.tsx';
import { QueryResult } from '@/components/ui/query-result.tsx';
import { useAuthUser } from '@/lib/auth/index.ts';
import { formatDateTime } from '@/lib/format.ts';
import { useCompanyInvitations, useMyCompany, useRemoveMember } from '../api/company.ts';
import { CompanyOrders } from '../components/company-orders.tsx';
import { CompanyTaxId } from '../components/company-tax-id.tsx';
import { InviteForm } from '../components/invite-form.tsx';

/** `/dashboard/company` (issue 30): the caller's company, its members and orders; its admins invite and remove. */
export default function MyCompanyPage() {
  const company = useMyCompany();
  return (
    <section className="flex flex-col gap-6">
      <PageHeader title="My company" />
      <QueryResult query={company} what="your company">
        {(mine) => (mine ? <CompanyView company={mine} /> : <NoCompany />)}
      </QueryResult>
    </section>
  );
}

function NoCompany() {
  return (
    <p>
      You do not belong to a company. A company&apos;s admin can invite you by e-mail; the shop can attach your account
      to one.
    </p>
  );
}

function CompanyView({ company }: { company: MyCompany }) {
  const me = useAuthUser();
  const isAdmin = company.role === 'admin';
  const invitations = useCompanyInvitations(isAdmin);
  const remove = useRemoveMember();
  const [toRemove, setToRemove] = useState<CompanyMember | null>(null);

  function confirmRemove() {
    if (!toRemove) return;
    remove.mutate(toRemove.email, {
      onSuccess: () => toast.success(`${toRemove.name || toRemove.email} removed`),
      onError: (error) => toast.error(error.message),
      onSettled: () => setToRemove(null),
    });
  }

  return (
    <>
      <div className="flex flex-col gap-1">
        <h3 className="text-lg font-semibold">{company.name}</h3>
        {company.taxId ? (
          <div className="flex flex-col gap-1">
            <CompanyTaxId company={company} />
            <p className="text-sm">Your orders are taxed with the company’s number.</p>
          </div>
        ) : null}
        <p className="text-sm">
          Your role: <strong>{company.role === 'admin' ? 'Admin' : 'Buyer'}</strong>
        </p>
      </div>

      <section aria-labelledby="members-heading" className="flex flex-col gap-3">
        <h3 id="members-heading" className="text-lg font-semibold">
          Members
        </h3>
        <div className="overflow-x-auto">
          <table className="table table-sm" aria-label="Members">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">E-mail</th>
                <th scope="col">Role</th>
                {isAdmin ? (
                  <th scope="col">
                    <span className="sr-only">Actions</span>
                  </th>
                ) : null}
              </tr>
            </thead>
            <tbody>
              {company.members.map((member) => (
                <tr key={member.email}>
                  <th scope="row" className="font-normal">
                    {member.name || '—'}
                  </th>
                  <td className="break-all">{member.email}</td>
                  <td>{member.role === 'admin' ? 'Admin' : 'Buyer'}</td>
                  {isAdmin ? (
                    <td>
                      {member.email.toLowerCase() !== me?.email.toLowerCase() ? (
                        <button
                          type="button"
                          className="btn btn-outline btn-error btn-xs"
                          aria-label={`Remove ${member.email}`}
                          onClick={() => setToRemove(member)}
                        >
                          Remove
                        </button>
                      ) : null}
                    </td>
                  ) : null}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>

      {isAdmin ? (
        <div className="grid gap-4 lg:grid-cols-2">
          <InviteForm />
          <section aria-labelledby="invitations-heading" className="flex flex-col gap-2">
            <h3 id="invitations-heading" className="text-base font-semibold">
              Pending invitations
            </h3>
            <QueryResult query={invitations} what="the invitations">
              {(pending) =>
                pending.length === 0 ? (
                  <p className="text-sm">None.</p>
                ) : (
                  <ul className="flex flex-col gap-1 text-sm">
                    {pending.map((invitation) => (
                      <li key={invitation.email} className="break-all">
                        {invitation.email}{' '}
                        <span className="text-base-content/80">(until {formatDateTime(invitation.expiresAt)})</span>
                      </li>
                    ))}
                  </ul>
                )
              }
            </QueryResult>
          </section>
        </div>
      ) : null}

      <CompanyOrders />

      <ConfirmModal
        open={toRemove !== null}
        title="Remove this member?"
        confirmLabel="Remove"
        busy={remove.isPending}
        onConfirm={confirmRemove}
        onClose={() => setToRemove(null)}
      >
        {toRemove ? (
          <p>
            <strong className="break-all">{toRemove.email}</strong> will no longer buy for {company.name}. Their orders
            stay in the company&apos;s list.
          </p>
        ) : null}
      </ConfirmModal>
    </>
  );
}
