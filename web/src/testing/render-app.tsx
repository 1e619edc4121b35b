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

/** The whole app (real routes, providers and guards) in a memory router, talking to msw. */
export function renderApp(entry: InitialEntry = '/') {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } },
  });
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
