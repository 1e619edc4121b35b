import type { Part } from '@torque/contract';
import { formatMoney } from '@/lib/format.ts';
import { priceTiersOf, tierRange } from '@/lib/price-tiers.ts';

interface PriceTiersProps {
  part: Pick<Part, 'price' | 'priceBreaks'>;
  /** The tier the chosen quantity reaches (its first unit count), or null while the quantity is not valid. */
  reached: number | null;
}

/**
 * PRODUCT.md "Quantity price breaks": the part's tier table, the tier the chosen quantity reaches
 * marked (in words, not by colour alone). Nothing when the part has no breaks.
 */
export function PriceTiers({ part, reached }: PriceTiersProps) {
  if (part.priceBreaks.length === 0) return null;
  return (
    <table className="table table-sm" aria-label="Quantity prices">
      <thead>
        <tr>
          <th scope="col">Quantity</th>
          <th scope="col" className="text-right">
            Price per unit
          </th>
        </tr>
      </thead>
      <tbody>
        {priceTiersOf(part).map((tier) => {
          const hit = tier.minQuantity === reached;
          return (
            <tr
              key={tier.minQuantity}
              aria-current={hit ? 'true' : undefined}
              className={hit ? 'bg-primary/10 font-semibold' : undefined}
            >
              <td>
                {tierRange(tier)}
                {hit ? <span className="badge badge-primary badge-sm ml-2">Your quantity</span> : null}
              </td>
              <td className="text-right">{formatMoney(tier.price)}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
