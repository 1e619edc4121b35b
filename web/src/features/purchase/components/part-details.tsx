import type { Part } from '@torque/contract';
import { YourPrice } from '@/components/parts/your-price.tsx';
import { hasYourPrice } from '@/lib/price-tiers.ts';
import { formatCount, formatMoney } from '@/lib/format.ts';
import { brandNote } from '@/lib/part-numbers.ts';
import { referenceLabel } from '@/lib/reference-label.ts';

/** PRODUCT.md §2: image, name, description, minimum order quantity, available, price; §17: number, brand, references. */
export function PartDetails({ part }: { part: Part }) {
  const brand = brandNote(part.brand);
  return (
    <article className="card border border-base-300 bg-base-100 shadow-sm">
      <figure className="bg-base-200">
        <img
          src={part.img}
          alt={part.name}
          width={640}
          height={480}
          className="aspect-[4/3] h-auto w-full object-cover"
        />
      </figure>
      <div className="card-body gap-3">
        <h2 className="card-title text-2xl">{part.name}</h2>
        <p className="text-base-content/80">{part.des}</p>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
          <dt className="text-base-content/70">Part number</dt>
          <dd className="font-medium wrap-anywhere">
            <span className="font-mono">{part.partNumber}</span>
            {brand ? ` (${brand})` : null}
          </dd>
          <dt className="text-base-content/70">Minimum order</dt>
          <dd className="font-medium">{formatCount(part.minimunOrder)}</dd>
          <dt className="text-base-content/70">Available</dt>
          <dd className="font-medium" aria-live="polite">
            {formatCount(part.available)}
          </dd>
          <dt className="text-base-content/70">Price</dt>
          <dd className="font-semibold">
            {hasYourPrice(part) ? (
              <YourPrice yours={part.yourPrice!} list={part.price} suffix=" / unit" />
            ) : (
              <>{formatMoney(part.price)} / unit </>
            )}
            <span className="text-xs font-normal text-base-content/80">excl. tax</span>
          </dd>
        </dl>
        {part.crossReferences.length > 0 ? (
          <div>
            <h3 className="font-semibold">Also known as</h3>
            <ul className="mt-1 flex flex-col gap-0.5 text-sm wrap-anywhere">
              {part.crossReferences.map((reference) => (
                <li key={`${reference.kind} ${reference.brand} ${reference.number}`}>{referenceLabel(reference)}</li>
              ))}
            </ul>
          </div>
        ) : null}
      </div>
    </article>
  );
}
