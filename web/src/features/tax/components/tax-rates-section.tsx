import type { TaxRate } from '@torque/contract';
import { useState } from 'react';
import { toast } from '@/lib/toast.ts';
import { formatRate } from '@/components/tax/tax-label.ts';
import { ConfirmModal } from '@/components/ui/confirm-modal.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { QueryResult } from '@/components/ui/query-result.tsx';
import { ScrollTable } from '@/components/ui/scroll-table.tsx';
import { useDeleteTaxRate, useTaxRates } from '../api/tax-rates.ts';
import { TaxRateForm } from './tax-rate-form.tsx';

const byPlace = (a: TaxRate, b: TaxRate) =>
  a.country.localeCompare(b.country) || (a.region ?? '').localeCompare(b.region ?? '');

const placeOf = (rate: TaxRate) => (rate.region ? `${rate.country}-${rate.region}` : rate.country);

/** The rates by country and region (issue 29): add, edit, delete. */
export function TaxRatesSection() {
  const rates = useTaxRates();
  const remove = useDeleteTaxRate();
  const [editing, setEditing] = useState<TaxRate | null>(null);
  const [toDelete, setToDelete] = useState<TaxRate | null>(null);

  function confirmDelete() {
    if (!toDelete) return;
    remove.mutate(toDelete._id, {
      onSuccess: () => {
        toast.success(`${toDelete.name} deleted`);
        if (editing?._id === toDelete._id) setEditing(null);
      },
      onError: (error) => toast.error(error.message),
      onSettled: () => setToDelete(null),
    });
  }

  return (
    <section aria-labelledby="tax-rates-title" className="flex flex-col gap-3">
      <h3 id="tax-rates-title" className="text-lg font-semibold">
        Rates
      </h3>
      <p className="text-sm text-base-content/80">
        Catalogue prices are net. A buyer pays the rate of the delivery address: its region’s where one is set, else its
        country’s. Rates are percentages with up to 3 decimals.
      </p>
      <QueryResult query={rates} what="the tax rates">
        {(list) =>
          list.length === 0 ? (
            <EmptyState title="No tax rates yet">
              <p className="text-base-content/80">Without a rate for a country, orders to it carry no tax.</p>
            </EmptyState>
          ) : (
            <ScrollTable caption="Tax rates" cards>
              <thead>
                <tr>
                  <th scope="col">Country</th>
                  <th scope="col">Region</th>
                  <th scope="col" className="text-right">
                    Rate
                  </th>
                  <th scope="col">Name</th>
                  <th scope="col">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {[...list].sort(byPlace).map((rate) => (
                  <tr key={rate._id} aria-current={editing?._id === rate._id ? 'true' : undefined}>
                    <th scope="row" data-label="Country">
                      {rate.country}
                    </th>
                    <td data-label="Region">
                      {rate.region ?? <span className="text-base-content/80">whole country</span>}
                    </td>
                    <td data-label="Rate" className="text-right whitespace-nowrap">
                      {formatRate(rate.rate)}
                    </td>
                    <td data-label="Name">{rate.name}</td>
                    <td data-label="Actions">
                      <div className="flex gap-2">
                        <button
                          type="button"
                          className="btn btn-outline btn-xs"
                          aria-label={`Edit rate ${placeOf(rate)}`}
                          onClick={() => setEditing(rate)}
                        >
                          Edit
                        </button>
                        <button
                          type="button"
                          className="btn btn-outline btn-error btn-xs"
                          aria-label={`Delete rate ${placeOf(rate)}`}
                          onClick={() => setToDelete(rate)}
                        >
                          Delete
                        </button>
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </ScrollTable>
          )
        }
      </QueryResult>
      <TaxRateForm editing={editing} onDone={() => setEditing(null)} />
      <ConfirmModal
        open={toDelete !== null}
        title="Delete this tax rate?"
        busy={remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => setToDelete(null)}
      >
        {toDelete ? (
          <p>
            <strong>
              {toDelete.name} {formatRate(toDelete.rate)}
            </strong>{' '}
            for {placeOf(toDelete)} will no longer apply to new orders. Placed orders keep their tax.
          </p>
        ) : null}
      </ConfirmModal>
    </section>
  );
}
