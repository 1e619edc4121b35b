import { GARAGE_MAX, vehicleLabel, type Vehicle } from '@torque/contract';
import { Link } from 'react-router';
import { FormError } from '@/components/form/form-error.tsx';
import { QueryResult } from '@/components/ui/query-result.tsx';
import { VehicleSelector } from '@/components/fitment/vehicle-selector.tsx';
import { useGarage } from '@/lib/fitment/garage.ts';
import { useSaveGarage } from '@/lib/fitment/save-garage.ts';
import { forget } from '@/lib/fitment/remembered-vehicle.ts';
import { useVehicle } from '@/lib/fitment/use-vehicle.ts';
import { partsPathFor, sameVehicle } from '@/lib/fitment/vehicle-params.ts';

/** "My garage" (up to 5 vehicles, newest first): choose the one parts are matched against, remove, add. */
export function GarageSection() {
  const garage = useGarage(true);
  const save = useSaveGarage();
  const current = useVehicle();

  const remove = (vehicle: Vehicle, list: Vehicle[]) => {
    save.mutate(
      list.filter((v) => v !== vehicle),
      // The removed vehicle was the one in use: the garage's newest takes its place.
      { onSuccess: () => (sameVehicle(vehicle, current.vehicle) ? forget() : undefined) },
    );
  };

  return (
    <section aria-labelledby="garage-heading" className="flex flex-col gap-3">
      <h2 id="garage-heading" className="text-xl font-semibold">
        My garage
      </h2>
      <QueryResult query={garage} what="your garage">
        {(list) => (
          <>
            {list.length === 0 ? (
              <p className="text-base-content/80">
                No vehicles yet. Add yours and the shop shows the parts that fit it.
              </p>
            ) : (
              <ul className="flex flex-col divide-y divide-base-300 rounded-box border border-base-300 bg-base-100">
                {list.map((vehicle) => {
                  const label = vehicleLabel(vehicle);
                  const inUse = sameVehicle(vehicle, current.vehicle);
                  return (
                    <li key={label} className="flex flex-wrap items-center gap-3 p-3">
                      <span className="min-w-0 grow basis-48 font-medium">
                        {label}
                        {inUse ? <span className="badge badge-sm ml-2 align-middle">In use</span> : null}
                      </span>
                      <span className="flex flex-wrap gap-2">
                        <Link
                          to={partsPathFor(vehicle)}
                          className="btn btn-ghost btn-sm"
                          aria-label={`Parts for ${label}`}
                        >
                          Parts
                        </Link>
                        {inUse ? null : (
                          <button
                            type="button"
                            className="btn btn-outline btn-sm"
                            aria-label={`Choose ${label}`}
                            disabled={save.isPending}
                            onClick={() => void current.choose(vehicle).catch(() => undefined)}
                          >
                            Choose
                          </button>
                        )}
                        <button
                          type="button"
                          className="btn btn-ghost btn-sm text-error"
                          aria-label={`Remove ${label}`}
                          disabled={save.isPending}
                          onClick={() => remove(vehicle, list)}
                        >
                          Remove
                        </button>
                      </span>
                    </li>
                  );
                })}
              </ul>
            )}
            <FormError message={save.isError ? save.error.message : null} />
            {list.length < GARAGE_MAX ? (
              <div className="rounded-box border border-base-300 bg-base-100 p-4">
                <h3 className="mb-3 font-semibold">Add a vehicle</h3>
                <VehicleSelector
                  label="Add a vehicle"
                  submitLabel="Add vehicle"
                  initial={null}
                  onSubmit={(v) => void current.choose(v).catch(() => undefined)}
                />
              </div>
            ) : (
              <p className="text-sm text-base-content/80">
                Your garage holds {GARAGE_MAX} vehicles. Remove one to add another.
              </p>
            )}
          </>
        )}
      </QueryResult>
    </section>
  );
}
