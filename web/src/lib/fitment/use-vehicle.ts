import type { Vehicle } from '@torque/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useAuthUser } from '@/lib/auth/index.ts';
import { addToGarage, useGarage } from './garage.ts';
import { remember, useRemembered } from './remembered-vehicle.ts';

export interface VehicleState {
  /** The vehicle parts are matched against: this browser's choice, else the garage's newest. */
  vehicle: Vehicle | null;
  signedIn: boolean;
  /** Remember a vehicle the user picked; signed in, it also goes to the front of the garage. */
  choose: (vehicle: Vehicle) => Promise<void>;
  /** Follow a vehicle named elsewhere (the address): remembered, not added to the garage. */
  follow: (vehicle: Vehicle) => void;
  /** Forget the choice (the garage keeps its vehicles). */
  clear: () => void;
}

export function useVehicle(): VehicleState {
  const remembered = useRemembered();
  const signedIn = useAuthUser() !== null;
  const queryClient = useQueryClient();
  // The garage is asked for only when this browser has no choice of its own.
  const garage = useGarage(signedIn && remembered === null);
  const vehicle = remembered === 'cleared' ? null : (remembered ?? garage.data?.[0] ?? null);

  return {
    vehicle,
    signedIn,
    choose: async (next) => {
      remember(next);
      if (signedIn) await addToGarage(queryClient, next);
    },
    follow: remember,
    clear: () => remember(null),
  };
}
