import type { Vehicle } from '@torque/contract';
import { GARAGE_MAX } from '@torque/contract/fitment-rule';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { request } from '@/lib/http.ts';
import { sameVehicle } from './vehicle-params.ts';
import { queryRoots } from '@/lib/query-keys.ts';

/** "My garage": a signed-in customer's vehicles, newest first (`GET/PUT /api/garage`). */

export const garageQuery = () =>
  queryOptions({
    queryKey: queryRoots.garage,
    queryFn: ({ signal }) => request<Vehicle[]>('/api/garage', { signal }),
    staleTime: 60_000,
  });

/** `PUT /api/garage` replaces the whole list; the answer is the list as stored. */
export const putGarage = (vehicles: Vehicle[]) => request<Vehicle[]>('/api/garage', { method: 'PUT', body: vehicles });

/** `vehicle` first, without its older copy, the oldest dropped past the garage's size. */
export const withFirst = (garage: Vehicle[], vehicle: Vehicle): Vehicle[] =>
  [vehicle, ...garage.filter((v) => !sameVehicle(v, vehicle))].slice(0, GARAGE_MAX);

/**
 * Puts a chosen vehicle at the front of the garage (reads the current list first). Its read takes
 * no abort signal: the hero's selector navigates as it calls this, and the page's garage observer
 * leaving would otherwise cancel the read (TanStack Query cancels a fetch whose signal was taken
 * when its last observer goes), and with it the save.
 */
export async function addToGarage(queryClient: QueryClient, vehicle: Vehicle): Promise<Vehicle[]> {
  const garage = await queryClient.fetchQuery({ ...garageQuery(), queryFn: () => request<Vehicle[]>('/api/garage') });
  const saved = await putGarage(withFirst(garage, vehicle));
  queryClient.setQueryData(queryRoots.garage, saved);
  return saved;
}

export function useGarage(enabled: boolean) {
  return useQuery({ ...garageQuery(), enabled });
}
