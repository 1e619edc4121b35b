import { matchedByLabel } from '@torque/contract/part-number-rule';
import type { QuickOrderResult } from '@torque/contract';
import { formatCount } from '@/lib/format.ts';

/**
 * What a quick order did, line by line as the buyer numbered them: each part added (and the
 * reference the typed number matched, when it was not the part's own number), what is wrong with
 * an added line, and every line that was not added with why.
 */
export function QuickOrderResultView({ result }: { result: Pick<QuickOrderResult, 'added' | 'errors'> }) {
  const { added, errors } = result;
  return (
    <div aria-label="Quick order result" role="region" className="flex flex-col gap-3 text-sm">
      <p className="font-semibold">
        {added.length === 0
          ? 'Nothing was added.'
          : `Added ${added.length} ${added.length === 1 ? 'line' : 'lines'} to your cart.`}
        {errors.length > 0 ? ` ${errors.length} ${errors.length === 1 ? 'line has' : 'lines have'} errors.` : ''}
      </p>
      {added.length > 0 ? (
        <ul className="flex flex-col gap-1" aria-label="Added">
          {added.map((item) => (
            <li key={`${item.line}-${item.partId}`} className="wrap-anywhere">
              <span className="text-base-content/80">Line {item.line}:</span>{' '}
              <span className="font-mono font-semibold">{item.partNumber}</span> × {formatCount(item.quantity)}
              {item.matchedBy.kind !== 'number' ? (
                <span className="text-base-content/80"> (matched {matchedByLabel(item.matchedBy)})</span>
              ) : null}
              {item.problem ? <span className="block text-red-800">{item.problem.message}</span> : null}
            </li>
          ))}
        </ul>
      ) : null}
      {errors.length > 0 ? (
        <ul className="flex flex-col gap-1 text-red-800" aria-label="Not added">
          {errors.map((error) => (
            <li key={`${error.line}-${error.message}`} className="wrap-anywhere">
              Line {error.line}: {error.message}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
