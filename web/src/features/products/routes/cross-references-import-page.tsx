import { CROSS_REFERENCE_CSV_COLUMNS } from '@torque/contract/part-number-rule';
import { useId, useState, type ChangeEvent } from 'react';
import { Link } from 'react-router';
import { toast } from '@/lib/toast.ts';
import { FormError } from '@/components/form/form-error.tsx';
import { PageHeader } from '@/components/layout/page-header.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { formatCount } from '@/lib/format.ts';
import { useImportCrossReferences, type ImportCheck } from '../api/import-cross-references.ts';
import { ImportCheckResult } from '../components/import-check.tsx';

interface ChosenFile {
  name: string;
  csv: string;
}

/**
 * `/dashboard/manage-products/cross-references` (admin, PRODUCT.md §17): a CSV of
 * cross-references is checked first (a dry run: each refused line with its reason), then
 * imported, all lines or none.
 */
export default function CrossReferencesImportPage() {
  const fileId = useId();
  const hintId = useId();
  const [file, setFile] = useState<ChosenFile | null>(null);
  const [check, setCheck] = useState<ImportCheck | null>(null);
  const [applied, setApplied] = useState<number | null>(null);
  const run = useImportCrossReferences();

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const chosen = event.target.files?.[0];
    run.reset();
    setCheck(null);
    setApplied(null);
    setFile(chosen ? { name: chosen.name, csv: await chosen.text() } : null);
  }

  function send(dryRun: boolean) {
    if (!file) return;
    run.mutate(
      { csv: file.csv, dryRun },
      {
        onSuccess: (outcome) => {
          if (outcome.kind === 'checked') return setCheck(outcome.check);
          setCheck(null);
          setApplied(outcome.applied);
          toast.success(`${formatCount(outcome.applied)} cross-references imported`);
        },
      },
    );
  }

  const clean = check !== null && (check.errorCount ?? check.errors.length) === 0 && check.valid > 0;
  const busy = run.isPending;

  return (
    <section className="flex max-w-3xl flex-col gap-4">
      <PageHeader title="Import cross-references" />
      <div id={hintId} className="flex flex-col gap-2 text-base-content/80">
        <p>A CSV file whose first line is</p>
        <pre className="overflow-x-auto rounded-box bg-base-200 px-3 py-2 text-sm">
          {CROSS_REFERENCE_CSV_COLUMNS.join(',')}
        </pre>
        <p>
          and each further line one of our part numbers, a kind (<code>oe</code>, <code>competitor</code> or{' '}
          <code>replaces</code>), a brand and its number, e.g.{' '}
          <code className="wrap-anywhere">BP-4471,oe,Volkswagen,1K0 698 151</code>. Check the file first: nothing
          changes until you import it.
        </p>
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={fileId} className="text-sm font-medium">
          CSV file
        </label>
        <input
          id={fileId}
          type="file"
          accept=".csv,text/csv"
          aria-describedby={hintId}
          className="file-input w-full max-w-md"
          onChange={(event) => void choose(event)}
        />
      </div>
      <div className="flex flex-wrap gap-2">
        <button type="button" className="btn btn-outline" disabled={!file || busy} onClick={() => send(true)}>
          {busy && run.variables.dryRun ? <Spinner size="sm" /> : null}
          Check file
        </button>
        <button type="button" className="btn btn-primary" disabled={!clean || busy} onClick={() => send(false)}>
          {busy && !run.variables.dryRun ? <Spinner size="sm" /> : null}
          Import
        </button>
      </div>
      <div aria-live="polite" className="flex flex-col gap-3">
        {check ? <ImportCheckResult check={check} applying={busy} /> : null}
        {applied !== null ? (
          <p className="alert alert-success">
            <span>
              {formatCount(applied)} cross-references imported from {file?.name}.{' '}
              <Link to="/dashboard/manage-products" className="link">
                Back to Manage Products
              </Link>
            </span>
          </p>
        ) : null}
      </div>
      <FormError message={run.isError ? run.error.message : null} />
    </section>
  );
}
