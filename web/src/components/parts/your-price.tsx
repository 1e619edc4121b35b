import { formatMoney } from '@/lib/format.ts';

/**
 * PRODUCT.md §25: "Your price" with the list price struck through, for a buyer whose price list
 * makes a price lower. Both figures are the server's.
 */
export function YourPrice({ yours, list, suffix = '' }: { yours: number; list: number; suffix?: string }) {
  return (
    <span className="flex flex-wrap items-baseline gap-x-2">
      <span>
        <span className="badge badge-success badge-sm mr-1 align-middle">Your price</span>
        <span className="font-semibold">
          {formatMoney(yours)}
          {suffix}
        </span>
      </span>
      <s className="text-xs font-normal text-base-content/80">
        <span className="sr-only">List price </span>
        {formatMoney(list)}
        {suffix}
      </s>
    </span>
  );
}
