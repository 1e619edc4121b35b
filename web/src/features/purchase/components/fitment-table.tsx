import type { PartDetail } from '@torque/contract';
import { ScrollTable } from '@/components/ui/scroll-table.tsx';

const dash = <span className="text-base-content/60">—</span>;

/**
 * The part's fitment: a row per make, model and years (Engine and Note when they narrow it). On
 * phones each row is a labelled card, so long notes wrap instead of widening the page.
 */
export function FitmentTable({ part }: { part: PartDetail }) {
  return (
    <section aria-labelledby="fitment-heading" className="flex flex-col gap-3">
      <h2 id="fitment-heading" className="text-xl font-semibold">
        Fitment
      </h2>
      {part.universal ? (
        <p>Fits all vehicles.</p>
      ) : part.fitment.length === 0 ? (
        <p className="text-base-content/80">No vehicles are listed for this part yet.</p>
      ) : (
        <ScrollTable caption="Vehicles this part fits" cards>
          <thead>
            <tr>
              <th scope="col">Make</th>
              <th scope="col">Model</th>
              <th scope="col">Years</th>
              <th scope="col">Engine</th>
              <th scope="col">Note</th>
            </tr>
          </thead>
          <tbody>
            {part.fitment.map((row, index) => (
              <tr key={index}>
                <td data-label="Make">{row.make}</td>
                <td data-label="Model">{row.model}</td>
                <td data-label="Years" className="whitespace-nowrap">
                  {row.yearFrom === row.yearTo ? row.yearFrom : `${row.yearFrom}–${row.yearTo}`}
                </td>
                <td data-label="Engine">{row.engine ?? dash}</td>
                <td data-label="Note">{row.note ?? dash}</td>
              </tr>
            ))}
          </tbody>
        </ScrollTable>
      )}
    </section>
  );
}
