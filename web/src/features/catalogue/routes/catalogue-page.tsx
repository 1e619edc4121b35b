import { vehicleLabel } from '@torque/contract/fitment-rule';
import { useEffect, useEffectEvent, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { useTitle } from '@/hooks/use-title.ts';
import { sameVehicle } from '@/lib/fitment/vehicle-params.ts';
import { useVehicle } from '@/lib/fitment/use-vehicle.ts';
import { CatalogueControls } from '../components/catalogue-controls.tsx';
import { CatalogueResults } from '../components/catalogue-results.tsx';
import { VehicleBar } from '../components/vehicle-bar.tsx';
import { readParams, writeParams, type CatalogueParams } from '../utils/catalogue-params.ts';

/** `/parts` (issues 14, 20): the catalogue, for a vehicle or all of it, searched, filtered and sorted. */
export default function CataloguePage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const remembered = useVehicle();
  const fromAddress = readParams(searchParams);
  // The address wins; without a vehicle in it, the remembered one is used (and written into it).
  const params: CatalogueParams = { ...fromAddress, vehicle: fromAddress.vehicle ?? remembered.vehicle };
  const label = params.vehicle ? vehicleLabel(params.vehicle) : null;
  useTitle(label ? `Parts for ${label}` : 'Parts');
  const searchRef = useRef<HTMLInputElement>(null);

  // A vehicle the address brings (a link, back/forward) becomes the remembered one. Only a change
  // of the address does this: "Clear vehicle" forgets first and changes the address after.
  const addressVehicle = fromAddress.vehicle;
  const addressKey = addressVehicle ? JSON.stringify(addressVehicle) : '';
  const followAddress = useEffectEvent(() => {
    if (addressVehicle && !sameVehicle(addressVehicle, remembered.vehicle)) remembered.follow(addressVehicle);
  });
  useEffect(() => followAddress(), [addressKey]);
  const missingFromAddress = !addressVehicle && params.vehicle !== null;
  useEffect(() => {
    if (missingFromAddress) setSearchParams(writeParams(params), { replace: true });
  });

  // Every change is a history entry: back and forward step through the searches.
  const change = (next: Partial<CatalogueParams>) => {
    setSearchParams(writeParams({ ...params, ...next }));
  };
  const clear = () => {
    change({ q: '', inStock: false });
    searchRef.current?.focus();
  };
  const clearVehicle = () => {
    remembered.clear();
    change({ vehicle: null });
  };

  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      <header className="mb-6">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">
          {label ? `Parts for your ${label}` : 'Parts catalogue'}
        </h1>
        <p className="mt-2 text-base-content/80">
          Search every part we make, keep to what is in stock, and sort by name, price or date.
        </p>
      </header>
      <div className="mb-6">
        <VehicleBar
          key={label ?? 'none'}
          vehicle={params.vehicle}
          onChoose={(vehicle) => {
            void remembered.choose(vehicle).catch(() => undefined);
            change({ vehicle });
          }}
          onClear={clearVehicle}
        />
      </div>
      <div className="mb-6">
        <CatalogueControls params={params} onChange={change} searchRef={searchRef} />
      </div>
      <CatalogueResults params={params} onClear={clear} onClearVehicle={clearVehicle} />
    </div>
  );
}
