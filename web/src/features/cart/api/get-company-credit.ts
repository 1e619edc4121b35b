import type { CompanyCredit } from '@torque/contract';
import { useQuery } from '@tanstack/react-query';
import { useAuth } from '@/lib/auth/index.ts';
import { isApiError, request } from '@/lib/http.ts';
import { queryRoots } from '@/lib/query-keys.ts';

/**
 * `GET /api/company/credit` (issue 30): the buyer's company's payment terms and credit left, or
 * null when there are none (404). Under the orders root: placing or paying an order refreshes it.
 * Asked only when the buyer's profile names a company with terms (`hasTerms`): most buyers have
 * none, and the browser logs every 404 as a console error (issue 31).
 */
export function useCompanyCredit(hasTerms: boolean) {
  const { user } = useAuth();
  const email = user?.email ?? '';
  return useQuery({
    queryKey: [...queryRoots.orders, 'company-credit', email],
    queryFn: async ({ signal }): Promise<CompanyCredit | null> => {
      try {
        return await request<CompanyCredit>('/api/company/credit', { signal });
      } catch (error) {
        if (isApiError(error) && error.status === 404) return null;
        throw error;
      }
    },
    enabled: email !== '' && hasTerms,
  });
}
