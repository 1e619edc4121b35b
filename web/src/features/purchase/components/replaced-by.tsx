import type { PartSuccessor } from '@torque/contract';
import { Link } from 'react-router';

/**
 * A discontinued part's page (PRODUCT.md §17): "Replaced by BP-4471", a link to the successor
 * and the call to order it instead. The old part's form stays below for what stock is left.
 */
export function ReplacedBy({ successor }: { successor: PartSuccessor }) {
  const to = `/purchase/${successor._id}`;
  return (
    <section
      aria-labelledby="replaced-by-heading"
      className="alert alert-warning flex flex-col items-start gap-3 sm:flex-row sm:items-center"
    >
      <div className="flex-1">
        <h2 id="replaced-by-heading" className="text-lg font-semibold">
          Replaced by{' '}
          <Link to={to} className="link font-mono">
            {successor.partNumber}
          </Link>
        </h2>
        <p>This part is no longer made: {successor.partNumber} takes its place.</p>
      </div>
      <Link to={to} className="btn btn-primary">
        Order {successor.partNumber} instead
      </Link>
    </section>
  );
}
