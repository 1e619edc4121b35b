import type { PartDetail } from '@torque/contract';
import { fitFor, vehicleLabel } from '@torque/contract/fitment-rule';
import { useState } from 'react';
import { toast } from '@/lib/toast.ts';
import { FitVerdict } from '@/components/fitment/fit-verdict.tsx';
import { VehicleSelector } from '@/components/fitment/vehicle-selector.tsx';
import { useVehicle } from '@/lib/fitment/use-vehicle.ts';

/** Does the part fit the remembered (or garage) vehicle? With a way to switch vehicle. */
export function VehicleFit({ part }: { part: PartDetail }) {
  const { vehicle, choose } = useVehicle();
  const [changing, setChanging] = useState(false);
  const fit = vehicle ? fitFor(part, vehicle) : null;

  return (
    <section aria-labelledby="vehicle-fit-heading" className="card border border-base-300 bg-base-100 shadow-sm">
      <div className="card-body gap-3">
        <h2 id="vehicle-fit-heading" className="card-title">
          Your vehicle
        </h2>
        {vehicle && fit ? (
          <>
            <p className="font-medium">{vehicleLabel(vehicle)}</p>
            <div aria-live="polite">
              <FitVerdict fits={fit.fits} universal={part.universal} rows={fit.rows} />
            </div>
          </>
        ) : (
          <p className="text-base-content/80">Choose your vehicle to see whether this part fits it.</p>
        )}
        {vehicle && !changing ? (
          <div>
            <button type="button" className="btn btn-outline btn-sm" onClick={() => setChanging(true)}>
              Change vehicle
            </button>
          </div>
        ) : (
          <VehicleSelector
            key={vehicle ? vehicleLabel(vehicle) : 'none'}
            label={vehicle ? 'Change vehicle' : 'Choose your vehicle'}
            submitLabel="Check fit"
            initial={vehicle}
            autoFocus={changing}
            narrow
            onSubmit={(next) => {
              setChanging(false);
              choose(next).catch(() =>
                toast.error('Your garage could not be saved; the vehicle is kept on this device.'),
              );
            }}
            onCancel={vehicle ? () => setChanging(false) : undefined}
          />
        )}
      </div>
    </section>
  );
}
