import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { createQueryClient } from '@/lib/query-client.ts';
import { AppProviders } from './providers.tsx';
import { createRoutes } from './routes.tsx';

// Created when the bundle runs, so the first page's chunk and data start loading at once.
const queryClient = createQueryClient();
const router = createBrowserRouter(createRoutes(queryClient));

export function App() {
  return (
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
