import type { Part } from '@torque/contract';
import { ScrollTable } from '@/components/ui/scroll-table.tsx';
import { formatCount, formatMoney } from '@/lib/format.ts';

/** PRODUCT.md §2: number, name, minimum order, available, price and Delete Product. */
export function ProductsTable({ parts, onDelete }: { parts: Part[]; onDelete: (part: Part) => void }) {
  return (
    <ScrollTable caption="All products">
      <thead>
        <tr>
          <th scope="col">#</th>
          <th scope="col">Name</th>
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
            <th scope="row">{index + 1}</th>
            <td className="min-w-40">{part.name}</td>
            <td className="text-right">{formatCount(part.minimunOrder)}</td>
            <td className="text-right">{formatCount(part.available)}</td>
            <td className="text-right whitespace-nowrap">{formatMoney(part.price)}</td>
            <td>
              <button
                type="button"
                className="btn btn-outline btn-error btn-xs whitespace-nowrap"
                aria-label={`Delete product ${part.name}`}
                onClick={() => onDelete(part)}
              >
                Delete Product
              </button>
            </td>
          </tr>
        ))}
      </tbody>
    </ScrollTable>
  );
}
