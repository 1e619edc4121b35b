import { ScrollTable } from '@/components/ui/scroll-table.tsx';
import { formatCount } from '@/lib/format.ts';
import type { ImportCheck } from '../api/import-cross-references.ts';

const lines = (n: number) => `${formatCount(n)} ${n === 1 ? 'line' : 'lines'}`;

/** What a check found: the lines ready, and each refused line with the reason (the file's line numbers). */
export function ImportCheckResult({ check, applying }: { check: ImportCheck; applying: boolean }) {
  const refused = check.errorCount ?? check.errors.length;
  if (refused === 0) {
    return (
      <p className="alert alert-success">
        <span>
          {lines(check.valid)} ready to import. {applying ? '' : 'Nothing has changed yet.'}
        </span>
      </p>
    );
  }
  return (
    <div className="flex flex-col gap-3">
      <p role="alert" className="alert alert-error">
        <span>
          {lines(refused)} refused{check.valid > 0 ? `, ${lines(check.valid)} fine` : ''}: nothing is imported until
          every line is right. Fix the file and check it again.
        </span>
      </p>
      <ScrollTable caption="Refused lines" cards>
        <thead>
          <tr>
            <th scope="col">Line</th>
            <th scope="col">Problem</th>
          </tr>
        </thead>
        <tbody>
          {check.errors.map((error) => (
            <tr key={`${error.line} ${error.message}`}>
              <th scope="row" data-label="Line">
                {error.line}
              </th>
              <td data-label="Problem" className="break-words">
                {error.message}
              </td>
            </tr>
          ))}
        </tbody>
      </ScrollTable>
      {refused > check.errors.length ? (
        <p className="text-sm text-base-content/80">
          The first {formatCount(check.errors.length)} are listed; {formatCount(refused - check.errors.length)} more
          were refused.
        </p>
      ) : null}
    </div>
  );
}
