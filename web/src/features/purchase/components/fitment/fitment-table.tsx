import type { PartDetail } from '@torque/contract';

const dash = <span className="text-base-content/60">—</span>;

/** The part's fitment: a row per make, model and years (Engine and Note when they narrow it). */
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
        <div className="overflow-x-auto rounded-box border border-base-300">
          <table className="table">
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
                  <td>{row.make}</td>
                  <td>{row.model}</td>
                  <td className="whitespace-nowrap">
                    {row.yearFrom === row.yearTo ? row.yearFrom : `${row.yearFrom}–${row.yearTo}`}
                  </td>
                  <td>{row.engine ?? dash}</td>
                  <td>{row.note ?? dash}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
