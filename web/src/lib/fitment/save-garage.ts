import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryRoots } from '@/lib/query-keys.ts';
import { putGarage } from './garage.ts';

/**
 * Saves a new list (remove, choose); the cache takes the server's answer. Apart from garage.ts,
 * which the landing page's selector loads: the mutation code comes only with "My garage".
 */
export function useSaveGarage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: putGarage,
    onSuccess: (saved) => queryClient.setQueryData(queryRoots.garage, saved),
  });
}
