import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Toaster } from '@/components/ui/toaster.tsx';
import { AuthProvider } from '@/lib/auth/index.ts';
import { useFirstInteraction } from '@/lib/use-first-interaction.ts';

export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  // Every toast answers something the visitor did, so the toast library (~10 KB) is not part
  // of a page load: it comes with the first interaction; a toast raised before it mounts waits.
  const interacted = useFirstInteraction();
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>{children}</AuthProvider>
      {interacted ? <Toaster /> : null}
    </QueryClientProvider>
  );
}
