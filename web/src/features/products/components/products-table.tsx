import { isLowStock, type Part } from '@torque/contract';
import { Link } from 'react-router';
import { ScrollTable } from '@/components/ui/scroll-table.tsx';
import { formatCount, formatMoney } from '@/lib/format.ts';

/** PRODUCT.md §2: number, name (§20: flagged when its weight is the default, or hazardous), (§17) part number and successor, minimum order, available (with "Low stock"), price, Edit and Delete Product. */
export function ProductsTable({ parts, onDelete }: { parts: Part[]; onDelete: (part: Part) => void }) {
  return (
    <ScrollTable caption="All products" cards>
      <thead>
        <tr>
          <th scope="col">#</th>
          <th scope="col">Name</th>
          <th scope="col">Part number</th>
          <th scope="col" className="text-right">
            Minimum order
          </th>
          <th scope="col" className="text-right">
            Available
          </th>
          <th scope="col" className="text-right">
            Price
          </th>
          <th scope="col">
            <span className="sr-only">Actions</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {parts.map((part, index) => (
          <tr key={part._id}>
            <th scope="row" data-label="#">
              {index + 1}
            </th>
            <td data-label="Name" className="md:min-w-40">
              {part.name}
              {part.weightDefaulted || part.hazardous ? (
                <span className="mt-1 flex flex-wrap gap-1">
                  {part.weightDefaulted ? (
                    <span
                      className="badge badge-sm badge-warning whitespace-nowrap"
                      title={`No weight given: shipping counts ${formatCount(part.weightGrams)} g`}
                    >
                      Weight not set
                    </span>
                  ) : null}
                  {part.hazardous ? (
                    <span className="badge badge-sm badge-outline whitespace-nowrap">Hazardous</span>
                  ) : null}
                </span>
              ) : null}
            </td>
            <td data-label="Part number" className="text-sm md:whitespace-nowrap">
              {/* One box, so a phone's card shows the successor under the number, not beside it. */}
              <span className="font-mono wrap-anywhere">
                {part.partNumber}
                {part.replacedBy ? (
                  <span className="block font-sans text-xs text-base-content/80">
                    replaced by {part.replacedBy.partNumber}
                  </span>
                ) : null}
              </span>
            </td>
            <td data-label="Minimum order" className="text-right">
              {formatCount(part.minimunOrder)}
            </td>
            <td data-label="Available" className="text-right whitespace-nowrap">
              {isLowStock(part) ? <span className="badge badge-sm badge-warning mr-2">Low stock</span> : null}
              {formatCount(part.available)}
            </td>
            <td data-label="Price" className="text-right whitespace-nowrap">
              {formatMoney(part.price)}
            </td>
            <td data-label="Actions">
              <div className="flex gap-2">
                <Link
                  to={`/dashboard/manage-products/${part._id}/edit`}
                  className="btn btn-primary btn-xs whitespace-nowrap"
                  aria-label={`Edit product ${part.name}`}
                >
                  Edit
                </Link>
                <button
                  type="button"
                  className="btn btn-outline btn-error btn-xs whitespace-nowrap"
                  aria-label={`Delete product ${part.name}`}
                  onClick={() => onDelete(part)}
                >
                  Delete Product
                </button>
              </div>
            </td>
          </tr>
        ))}
      </tbody>
    </ScrollTable>
  );
}
