import type { Vehicle } from '@torque/contract';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useIdle } from '@/lib/use-idle.ts';
import { enginesQuery, makesQuery, modelsQuery, yearsQuery } from '@/lib/fitment/vehicle-lists.ts';
import { VehicleSelect } from './vehicle-select.tsx';

interface VehicleSelectorProps {
  /** The form's accessible name ("Find parts for your vehicle"). */
  label: string;
  submitLabel: string;
  /** Starts chosen (the remembered vehicle, or the one in the address). */
  initial: Vehicle | null;
  onSubmit: (vehicle: Vehicle) => void;
  /**
   * Ask for the makes only once the page is idle or the form is touched (the landing page: its
   * first paint waits for nothing the selector needs).
   */
  deferLists?: boolean;
  /** In a narrow column (a card beside another): two selects a row at most. */
  narrow?: boolean;
  /** Focus Make when shown (opened by "Change vehicle"). */
  autoFocus?: boolean;
  /** Shows Cancel beside the submit (closing a "Change vehicle" form). */
  onCancel?: (() => void) | undefined;
}

/** Make → Model → Year → Engine (optional), each list from the API and enabled once the one before is chosen. */
export function VehicleSelector({
  label,
  submitLabel,
  initial,
  onSubmit,
  deferLists = false,
  autoFocus = false,
  narrow = false,
  onCancel,
}: VehicleSelectorProps) {
  const id = useId();
  const [make, setMake] = useState(initial?.make ?? '');
  const [model, setModel] = useState(initial?.model ?? '');
  const [year, setYear] = useState(initial ? String(initial.year) : '');
  const [engine, setEngine] = useState(initial?.engine ?? '');

  const idle = useIdle(2000);
  const [touched, setTouched] = useState(false);
  const wanted = !deferLists || idle || touched;

  const makes = useQuery({ ...makesQuery(), enabled: wanted });
  const models = useQuery({ ...modelsQuery(make), enabled: wanted && make !== '' });
  const years = useQuery({ ...yearsQuery(make, model), enabled: wanted && model !== '' });
  const engines = useQuery({ ...enginesQuery(make, model, year), enabled: wanted && year !== '' });
  const failed = [makes, models, years, engines].find((list) => list.isError);

  const complete = make !== '' && model !== '' && year !== '';

  return (
    <form
      aria-label={label}
      className="flex flex-col gap-3"
      onFocus={() => setTouched(true)}
      onPointerEnter={() => setTouched(true)}
      onSubmit={(event) => {
        event.preventDefault();
        if (complete) onSubmit({ make, model, year: Number(year), engine: engine || null });
      }}
    >
      <div className={narrow ? 'grid gap-3 sm:grid-cols-2' : 'grid gap-3 sm:grid-cols-2 lg:grid-cols-4'}>
        <VehicleSelect
          id={`${id}-make`}
          label="Make"
          placeholder="Choose a make"
          value={make}
          disabled={false}
          autoFocus={autoFocus}
          list={makes}
          onChange={(value) => {
            setMake(value);
            setModel('');
            setYear('');
            setEngine('');
          }}
        />
        <VehicleSelect
          id={`${id}-model`}
          label="Model"
          placeholder="Choose a model"
          value={model}
          disabled={make === ''}
          list={models}
          onChange={(value) => {
            setModel(value);
            setYear('');
            setEngine('');
          }}
        />
        <VehicleSelect
          id={`${id}-year`}
          label="Year"
          placeholder="Choose a year"
          value={year}
          disabled={model === ''}
          list={years}
          onChange={(value) => {
            setYear(value);
            setEngine('');
          }}
        />
        <VehicleSelect
          id={`${id}-engine`}
          label="Engine"
          placeholder="Any engine"
          value={engine}
          disabled={year === ''}
          list={engines}
          onChange={setEngine}
        />
      </div>
      {failed ? (
        <p role="alert" className="text-sm text-red-700">
          The vehicle list could not be loaded.{' '}
          <button type="button" className="link" onClick={() => void failed.refetch()}>
            Try again
          </button>
        </p>
      ) : null}
      <div className="flex flex-wrap gap-3">
        <button type="submit" className="btn btn-primary" disabled={!complete}>
          {submitLabel}
        </button>
        {onCancel ? (
          <button type="button" className="btn btn-ghost" onClick={onCancel}>
            Cancel
          </button>
        ) : null}
      </div>
    </form>
  );
}
