import type {
  Company,
  CompanyFields,
  CompanyInput,
  CompanyInvitation,
  CompanyRole,
  CompanyTermsInput,
  MyCompany,
  Order,
} from '@torque/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request, requestPage, type Page } from '@/lib/http.ts';
import { queryRoots } from '@/lib/query-keys.ts';
import { companiesQueryOptions, myCompanyQueryKey, myCompanyQueryOptions } from './company-queries.ts';

export { getMyCompany, myCompanyQueryOptions } from './company-queries.ts';

export function useMyCompany(enabled = true) {
  return useQuery({ ...myCompanyQueryOptions(), enabled });
}

/** `GET /api/company/invitations` (company admins): the pending ones. */
export function useCompanyInvitations(enabled: boolean) {
  return useQuery({
    queryKey: [...queryRoots.companies, 'invitations'],
    queryFn: ({ signal }) => request<CompanyInvitation[]>('/api/company/invitations', { signal }),
    enabled,
  });
}

/** The company's orders page size on "My company". */
export const COMPANY_ORDERS_PAGE = 20;

/** `GET /api/company/orders?limit=…&cursor=…` (members): newest first. */
export function useCompanyOrders(cursor: string | null, enabled: boolean) {
  return useQuery({
    queryKey: [...queryRoots.companies, 'orders', cursor],
    queryFn: ({ signal }): Promise<Page<Order>> => {
      const query = new URLSearchParams({ limit: String(COMPANY_ORDERS_PAGE) });
      if (cursor) query.set('cursor', cursor);
      return requestPage<Order>(`/api/company/orders?${query}`, { signal });
    },
    enabled,
  });
}

/** Companies, and the profiles, which name their member's company and its terms. */
function useInvalidateCompanies() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryRoots.companies }),
      queryClient.invalidateQueries({ queryKey: queryRoots.users }),
    ]);
}

/** `POST /api/company/invitations` (company admins). */
export function useInvite() {
  const invalidate = useInvalidateCompanies();
  return useMutation({
    mutationFn: (email: string) =>
      request<CompanyInvitation>('/api/company/invitations', { method: 'POST', body: { email } }),
    onSettled: invalidate,
  });
}

/** `DELETE /api/company/members/:email` (company admins). */
export function useRemoveMember() {
  const invalidate = useInvalidateCompanies();
  return useMutation({
    mutationFn: (email: string) =>
      request<MyCompany>(`/api/company/members/${encodeURIComponent(email)}`, { method: 'DELETE' }),
    onSettled: invalidate,
  });
}

/**
 * `POST /api/company/invitations/accept`. Its 403 (the invitation is for another address) is
 * the invitation's answer, not a lost session: it does not sign out.
 */
export function useAcceptInvitation() {
  const invalidate = useInvalidateCompanies();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) =>
      request<MyCompany>('/api/company/invitations/accept', {
        method: 'POST',
        body: { token },
        authErrors: 'ignore',
      }),
    onSuccess: (company) => queryClient.setQueryData(myCompanyQueryKey, company),
    onSettled: invalidate,
  });
}

// Shop admins (`/dashboard/companies`).

export function useCompanies() {
  return useQuery(companiesQueryOptions());
}

export function useCreateCompany() {
  const invalidate = useInvalidateCompanies();
  return useMutation({
    mutationFn: (input: CompanyInput) => request<Company>('/api/companies', { method: 'POST', body: input }),
    onSettled: invalidate,
  });
}

/** `PUT /api/companies/:id` (shop admins): the name and the tax number (checked with VIES by the server). */
export function useUpdateCompany() {
  const invalidate = useInvalidateCompanies();
  return useMutation({
    mutationFn: ({ companyId, fields }: { companyId: string; fields: CompanyFields }) =>
      request<Company>(`/api/companies/${encodeURIComponent(companyId)}`, { method: 'PUT', body: fields }),
    onSettled: invalidate,
  });
}

export function usePutCompanyMember() {
  const invalidate = useInvalidateCompanies();
  return useMutation({
    mutationFn: ({ companyId, email, role }: { companyId: string; email: string; role: CompanyRole }) =>
      request<Company>(`/api/companies/${encodeURIComponent(companyId)}/members/${encodeURIComponent(email)}`, {
        method: 'PUT',
        body: { role },
      }),
    onSettled: invalidate,
  });
}

export function usePutCompanyTerms() {
  const invalidate = useInvalidateCompanies();
  return useMutation({
    mutationFn: ({ companyId, terms }: { companyId: string; terms: CompanyTermsInput }) =>
      request<Company>(`/api/companies/${encodeURIComponent(companyId)}/terms`, { method: 'PUT', body: terms }),
    onSettled: invalidate,
  });
}
