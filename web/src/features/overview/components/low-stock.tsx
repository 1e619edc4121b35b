import type { StatsResponse } from '@torque/contract';
import { Link } from 'react-router';
import { FigureTable } from './figure-table.tsx';
import { formatCount } from '@/lib/format.ts';

/** Parts whose stock is below their minimum order: nobody can order them until restocked. */
export function LowStock({ parts }: { parts: StatsResponse['lowStock'] }) {
  return (
    <section aria-labelledby="low-stock-heading" className="card min-w-0 border border-base-300 bg-base-100">
      <div className="card-body gap-3 p-4 sm:p-5">
        <h3 id="low-stock-heading" className="text-lg font-semibold">
          Low in stock
        </h3>
        <p className="text-sm text-base-content/80">
          Available below the minimum order: these cannot be ordered until restocked in{' '}
          <Link to="/dashboard/manage-products" className="link">
            Manage Products
          </Link>
          .
        </p>
        {parts.length === 0 ? (
          <p>No part is low in stock.</p>
        ) : (
          <FigureTable
            caption="Parts low in stock"
            columns={['Part', 'Available', 'Minimum order']}
            rows={parts.map((p) => ({
              key: p._id,
              name: p.name,
              values: [formatCount(p.available), formatCount(p.minimunOrder)],
            }))}
          />
        )}
      </div>
    </section>
  );
}
