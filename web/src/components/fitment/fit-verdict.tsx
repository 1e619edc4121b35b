import type { FitmentRow } from '@torque/contract';

/** "2014–2020 Volkswagen Golf 1.4 TSI" (one year when the range is one). */
export function rowLabel(row: FitmentRow): string {
  const years = row.yearFrom === row.yearTo ? String(row.yearFrom) : `${row.yearFrom}–${row.yearTo}`;
  return [years, row.make, row.model, row.engine].filter(Boolean).join(' ');
}

interface FitVerdictProps {
  fits: boolean;
  universal: boolean;
  /** The part's rows that apply to the vehicle: their notes are conditions ("with air conditioning only"). */
  rows: FitmentRow[];
}

/** "Fits your vehicle" with the rows that apply, or "Does not fit your vehicle". */
export function FitVerdict({ fits, universal, rows }: FitVerdictProps) {
  if (!fits) {
    return (
      <p className="flex items-center gap-2 text-sm font-semibold text-error">
        <span aria-hidden="true">✕</span>Does not fit your vehicle
      </p>
    );
  }
  return (
    <div className="text-sm">
      <p className="flex items-center gap-2 font-semibold text-success">
        <span aria-hidden="true">✓</span>Fits your vehicle
      </p>
      {universal && rows.length === 0 ? <p className="text-base-content/80">Fits all vehicles</p> : null}
      {rows.length > 0 ? (
        <ul className="mt-1 flex flex-col gap-0.5 text-base-content/80">
          {rows.map((row, index) => (
            <li key={index}>
              {rowLabel(row)}
              {row.note ? <span className="font-medium text-base-content"> — {row.note}</span> : null}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
