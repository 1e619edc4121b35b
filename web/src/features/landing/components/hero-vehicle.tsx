import { useNavigate } from 'react-router';
import { VehicleSelector } from '@/components/fitment/vehicle-selector.tsx';
import { partsPathFor } from '@/lib/fitment/vehicle-params.ts';
import { useVehicle } from '@/lib/fitment/use-vehicle.ts';

/**
 * "Find parts for your vehicle" in the hero: choosing one opens `/parts?make=…`. Its lists load
 * once the page is idle or the form is touched; its size is fixed from the first paint.
 */
export function HeroVehicle() {
  const navigate = useNavigate();
  const { vehicle, choose } = useVehicle();
  return (
    <div className="max-w-4xl rounded-box bg-base-100 p-4 text-base-content shadow">
      <h2 id="hero-vehicle" className="mb-3 text-lg font-semibold">
        Find parts for your vehicle
      </h2>
      <VehicleSelector
        // A garage vehicle known after the first render starts the form afresh.
        key={vehicle ? JSON.stringify(vehicle) : 'none'}
        label="Find parts for your vehicle"
        submitLabel="Find parts"
        initial={vehicle}
        deferLists
        onSubmit={(chosen) => {
          // The garage is saved in the background: the catalogue does not wait for it.
          void choose(chosen).catch(() => undefined);
          void navigate(partsPathFor(chosen));
        }}
      />
    </div>
  );
}
