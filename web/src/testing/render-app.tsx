import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLayoutEffect } from 'react';
import { MemoryRouter, useLocation, type InitialEntry, type Location } from 'react-router';
import { AppProviders } from '@/app/providers.tsx';
import { AppRoutes, createRoutes } from '@/app/routes.tsx';

/** Where the app is now, read as `router.state.location` (the shape a data router gives). */
export interface RouterView {
  state: { location: Location };
}

function LocationProbe({ onChange }: { onChange: (location: Location) => void }) {
  const location = useLocation();
  useLayoutEffect(() => onChange(location), [location, onChange]);
  return null;
}

/** The tests' query client: no retries, nothing collected. */
export function createTestQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } },
  });
}

/**
 * The whole app (real routes, providers and guards) in a memory router, talking to msw; with the
 * query client given, what the app asked for before its first render (app/prefetch-first-page.ts).
 */
export function renderApp(entry: InitialEntry = '/', queryClient: QueryClient = createTestQueryClient()) {
  const router: RouterView = { state: { location: undefined as unknown as Location } };
  const track = (location: Location) => {
    router.state.location = location;
  };
  const user = userEvent.setup();
  const view = render(
    <AppProviders queryClient={queryClient}>
      <MemoryRouter initialEntries={[entry]}>
        <AppRoutes routes={createRoutes()} />
        <LocationProbe onChange={track} />
      </MemoryRouter>
    </AppProviders>,
  );
  return { ...view, router, queryClient, user };
}
