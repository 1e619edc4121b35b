import type { Part } from '@torque/contract';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatCount, formatMoney } from '@/lib/format.ts';
import { brandNote } from '@/lib/part-numbers.ts';
import { buyerPriced, hasYourPrice } from '@/lib/price-tiers.ts';
import { YourPrice } from './your-price.tsx';

/** PRODUCT.md §9: descriptions are previewed to 150 characters; the full text is in a tooltip. */
export const DESCRIPTION_PREVIEW_LENGTH = 150;

/** A part's card: picture, name (a heading at `headingLevel`), description preview, figures, Purchase (and `action`). */
export function PartCard({
  part,
  headingLevel = 3,
  eager = false,
  numberMatched = false,
  children,
  action,
  renderNearScreen = false,
}: {
  part: Part;
  headingLevel?: 2 | 3;
  /** Load the picture at once: a card on the first screen (its picture may be the largest paint). */
  eager?: boolean;
  /** A search found the part by its own number: the number is highlighted. */
  numberMatched?: boolean;
  /** More about the part under its figures (the catalogue's fit verdict). */
  children?: ReactNode;
  /** Another action under Purchase (the catalogue's "Add to cart"). */
  action?: ReactNode;
  /**
   * Style, lay out and paint the card only when it nears the screen (`card-near-screen` in
   * styles/theme.css): for a list of cards, most of them below the first screen.
   */
  renderNearScreen?: boolean;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const truncated = part.des.length > DESCRIPTION_PREVIEW_LENGTH;
  const preview = part.des.slice(0, DESCRIPTION_PREVIEW_LENGTH);
  const brand = brandNote(part.brand);
  // The last quantity break is the lowest public price (PRODUCT.md "Quantity price breaks").
  // A buyer with a price list: their own tiers (PRODUCT.md §25).
  const cheapest = buyerPriced(part).priceBreaks.at(-1);
  const NumberTag = numberMatched ? 'mark' : 'span';

  return (
    <article
      className={`card border border-base-300 bg-base-100 shadow-sm hover:shadow-md ${renderNearScreen ? 'card-near-screen' : 'transition-shadow'}`}
    >
      <figure className="bg-base-200">
        <img
          src={part.img}
          alt={part.name}
          width={400}
          height={300}
          loading={eager ? 'eager' : 'lazy'}
          decoding="async"
          className="aspect-[4/3] h-auto w-full object-cover"
        />
      </figure>
      <div className="card-body gap-3">
        <Heading className="card-title text-lg">{part.name}</Heading>
        <div className="tooltip tooltip-bottom text-left before:max-w-72 before:text-left" data-tip={part.des}>
          <p className="text-sm text-base-content/80" tabIndex={truncated ? 0 : undefined}>
            {preview}
            {truncated ? (
              <>
                <span aria-hidden="true">…</span>
                <span className="sr-only">{part.des.slice(DESCRIPTION_PREVIEW_LENGTH)}</span>
              </>
            ) : null}
          </p>
        </div>
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
          <dt className="text-base-content/70">Part number</dt>
          <dd className="font-medium wrap-anywhere">
            <NumberTag className="font-mono">{part.partNumber}</NumberTag>
            {brand ? ` (${brand})` : null}
          </dd>
          <dt className="text-base-content/70">Minimum order</dt>
          <dd className="font-medium">{formatCount(part.minimunOrder)}</dd>
          <dt className="text-base-content/70">Available</dt>
          <dd className="font-medium">{formatCount(part.available)}</dd>
          <dt className="text-base-content/70">Price</dt>
          <dd className="font-semibold">
            {hasYourPrice(part) ? (
              <YourPrice yours={part.yourPrice!} list={part.price} suffix=" / unit" />
            ) : (
              <>{formatMoney(part.price)} / unit </>
            )}
            <span className="text-xs font-normal text-base-content/80">excl. tax</span>
            {cheapest ? (
              <span className="block text-xs font-normal text-base-content/80">
                from {formatMoney(cheapest.price)} at {formatCount(cheapest.minQuantity)}+
              </span>
            ) : null}
          </dd>
        </dl>
        {children}
        <div className="card-actions mt-auto pt-2">
          <Link to={`/purchase/${part._id}`} className="btn btn-primary w-full" aria-label={`Purchase ${part.name}`}>
            Purchase
          </Link>
          {action}
        </div>
      </div>
    </article>
  );
}

/** A card's outline while parts load, about as tall as a card (title, 4 lines, 4 figures, button). */
export function PartCardSkeleton() {
  return (
    <div className="card border border-base-300 bg-base-100" aria-hidden="true">
      <div className="skeleton aspect-[4/3] w-full rounded-b-none" />
      <div className="card-body gap-3">
        <div className="skeleton h-7 w-2/3" />
        <div className="skeleton h-20 w-full" />
        <div className="skeleton h-[5.75rem] w-1/2" />
        <div className="mt-auto pt-2">
          <div className="skeleton h-10 w-full" />
        </div>
      </div>
    </div>
  );
}
