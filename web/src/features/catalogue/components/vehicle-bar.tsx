import type { Vehicle } from '@torque/contract';
import { vehicleLabel } from '@torque/contract/fitment-rule';
import { useState } from 'react';
import { VehicleSelector } from '@/components/fitment/vehicle-selector.tsx';

interface VehicleBarProps {
  vehicle: Vehicle | null;
  onChoose: (vehicle: Vehicle) => void;
  onClear: () => void;
}

/**
 * The catalogue's vehicle: the selector when none is chosen; with one, its name, Change vehicle
 * (the selector again, filled in) and Clear vehicle.
 */
export function VehicleBar({ vehicle, onChoose, onClear }: VehicleBarProps) {
  const [changing, setChanging] = useState(false);
  const choose = (next: Vehicle) => {
    setChanging(false);
    onChoose(next);
  };

  if (!vehicle || changing) {
    return (
      <section aria-labelledby="vehicle-heading" className="rounded-box border border-base-300 bg-base-100 p-4">
        <h2 id="vehicle-heading" className="mb-3 text-lg font-semibold">
          {vehicle ? 'Change vehicle' : 'Find parts for your vehicle'}
        </h2>
        <VehicleSelector
          label={vehicle ? 'Change vehicle' : 'Find parts for your vehicle'}
          submitLabel="Show parts"
          initial={vehicle}
          autoFocus={changing}
          onSubmit={choose}
          onCancel={vehicle ? () => setChanging(false) : undefined}
        />
      </section>
    );
  }

  return (
    <div className="flex flex-wrap items-center gap-3 rounded-box border border-base-300 bg-base-100 p-4">
      <p className="min-w-0 grow basis-64">
        Showing the parts that fit your <span className="font-semibold">{vehicleLabel(vehicle)}</span>, and universal
        parts.
      </p>
      <div className="flex flex-wrap gap-2">
        <button type="button" className="btn btn-outline btn-sm" onClick={() => setChanging(true)}>
          Change vehicle
        </button>
        <button type="button" className="btn btn-ghost btn-sm" onClick={onClear}>
          Clear vehicle
        </button>
      </div>
    </div>
  );
}
