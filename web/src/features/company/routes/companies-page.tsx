import type { Company, CompanyMember } from '@torque/contract';
import { useState } from 'react';
import { toast } from '@/lib/toast.ts';
import { CountHeading, PageHeader } from '@/components/layout/page-header.tsx';
import { QueryResult } from '@/components/ui/query-result.tsx';
import { formatMoney } from '@/lib/format.ts';
import { useCompanies, usePutCompanyMember } from '../api/company.ts';
import { AttachMemberForm, CreateCompanyForm, EditCompanyForm, TermsForm } from '../components/company-forms.tsx';
import { CompanyTaxId } from '../components/company-tax-id.tsx';

/** `/dashboard/companies` (shop admins, issue 30): every company; create, attach accounts, roles, terms. */
export default function CompaniesPage() {
  const companies = useCompanies();
  return (
    <section className="flex flex-col gap-4">
      <PageHeader title="Companies">
        {companies.data ? <CountHeading>Companies: {companies.data.length}</CountHeading> : null}
      </PageHeader>
      <CreateCompanyForm />
      <QueryResult query={companies} what="the companies">
        {(all) =>
          all.length === 0 ? (
            <p>No companies yet.</p>
          ) : (
            <ul className="flex flex-col gap-4" aria-label="Companies">
              {all.map((company) => (
                <li key={company._id}>
                  <CompanyCard company={company} />
                </li>
              ))}
            </ul>
          )
        }
      </QueryResult>
    </section>
  );
}

function CompanyCard({ company }: { company: Company }) {
  const put = usePutCompanyMember();
  const [editing, setEditing] = useState(false);
  const switchRole = (member: CompanyMember) => {
    const role = member.role === 'admin' ? 'buyer' : 'admin';
    put.mutate(
      { companyId: company._id, email: member.email, role },
      {
        onSuccess: () => toast.success(`${member.email} is now ${role === 'admin' ? 'an admin' : 'a buyer'}`),
        onError: (error) => toast.error(error.message),
      },
    );
  };
  const headingId = `company-${company._id}`;
  return (
    <article
      aria-labelledby={headingId}
      className="flex flex-col gap-3 rounded-box border border-base-300 bg-base-100 p-4"
    >
      <header className="flex flex-wrap items-baseline gap-x-4 gap-y-1">
        <h3 id={headingId} className="text-lg font-semibold">
          {company.name}
        </h3>
        <CompanyTaxId company={company} />
        <span className="text-sm">
          Terms:{' '}
          {company.terms
            ? `Net ${company.terms.netDays}, credit limit ${formatMoney(company.terms.creditLimit)}`
            : 'none'}
        </span>
        {editing ? null : (
          <button
            type="button"
            className="btn btn-outline btn-xs"
            aria-label={`Edit name and tax number of ${company.name}`}
            onClick={() => setEditing(true)}
          >
            Edit
          </button>
        )}
      </header>
      {editing ? <EditCompanyForm company={company} onDone={() => setEditing(false)} /> : null}
      {company.members.length === 0 ? (
        <p className="text-sm">No members yet.</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="table table-sm" aria-label={`Members of ${company.name}`}>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">E-mail</th>
                <th scope="col">Role</th>
                <th scope="col">
                  <span className="sr-only">Actions</span>
                </th>
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
                  <td>
                    <button
                      type="button"
                      className="btn btn-outline btn-xs"
                      aria-label={`${member.role === 'admin' ? 'Make buyer' : 'Make admin'} ${member.email}`}
                      disabled={put.isPending}
                      onClick={() => switchRole(member)}
                    >
                      {member.role === 'admin' ? 'Make buyer' : 'Make admin'}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <AttachMemberForm company={company} />
      <TermsForm company={company} />
    </article>
  );
}
