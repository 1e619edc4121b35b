import type { PriceList } from '@torque/contract';
import { useState } from 'react';
import { toast } from '@/lib/toast.ts';
import { PageHeader } from '@/components/layout/page-header.tsx';
import { ConfirmModal } from '@/components/ui/confirm-modal.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { QueryResult } from '@/components/ui/query-result.tsx';
import { ScrollTable } from '@/components/ui/scroll-table.tsx';
import { formatDateTime } from '@/lib/format.ts';
import { useCompaniesForLists, useDeletePriceList, usePriceLists } from '../api/price-lists.ts';
import { PriceListForm } from '../components/price-list-form.tsx';

const windowOf = (list: PriceList): string => {
  if (!list.validFrom && !list.validTo) return 'Always';
  const from = list.validFrom ? formatDateTime(list.validFrom) : 'now';
  const to = list.validTo ? formatDateTime(list.validTo) : 'open';
  return `${from} – ${to}`;
};

/** `/dashboard/price-lists` (shop admins, PRODUCT.md §25): the lists, add, edit, delete. */
export default function PriceListsPage() {
  const lists = usePriceLists();
  const companies = useCompaniesForLists();
  const remove = useDeletePriceList();
  const [editing, setEditing] = useState<PriceList | null>(null);
  const [toDelete, setToDelete] = useState<PriceList | null>(null);
  const companyName = (id: string) => companies.data?.find((c) => c._id === id)?.name ?? 'Unknown company';

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
    <section className="flex flex-col gap-6">
      <PageHeader title="Price lists" />
      <p className="text-sm text-base-content/80">
        A company&apos;s buyers pay the lowest of the public price for the quantity, each list&apos;s percentage off it,
        and each list&apos;s fixed price with its own tiers. Placed orders keep their prices when a list changes.
      </p>
      <QueryResult query={lists} what="the price lists">
        {(all) =>
          all.length === 0 ? (
            <EmptyState title="No price lists yet">
              <p className="text-base-content/80">Everyone pays the public prices.</p>
            </EmptyState>
          ) : (
            <ScrollTable caption="Price lists" cards>
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">Companies</th>
                  <th scope="col" className="text-right">
                    Percent off
                  </th>
                  <th scope="col" className="text-right">
                    Fixed prices
                  </th>
                  <th scope="col">Valid</th>
                  <th scope="col">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {all.map((list) => (
                  <tr key={list._id} aria-current={editing?._id === list._id ? 'true' : undefined}>
                    <th scope="row" data-label="Name">
                      {list.name}
                    </th>
                    <td data-label="Companies">
                      {list.companyIds.length ? list.companyIds.map(companyName).join(', ') : 'None'}
                    </td>
                    <td data-label="Percent off" className="text-right">
                      {list.percentOff === null ? '—' : `${list.percentOff} %`}
                    </td>
                    <td data-label="Fixed prices" className="text-right">
                      {list.prices.length}
                    </td>
                    <td data-label="Valid">{windowOf(list)}</td>
                    <td data-label="Actions">
                      <div className="flex gap-2">
                        <button
                          type="button"
                          className="btn btn-outline btn-xs"
                          aria-label={`Edit price list ${list.name}`}
                          onClick={() => setEditing(list)}
                        >
                          Edit
                        </button>
                        <button
                          type="button"
                          className="btn btn-outline btn-error btn-xs"
                          aria-label={`Delete price list ${list.name}`}
                          onClick={() => setToDelete(list)}
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
      <PriceListForm editing={editing} onDone={() => setEditing(null)} />
      <ConfirmModal
        open={toDelete !== null}
        title="Delete this price list?"
        busy={remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => setToDelete(null)}
      >
        {toDelete ? (
          <p>
            <strong>{toDelete.name}</strong> will no longer price new orders. Placed orders keep their prices.
          </p>
        ) : null}
      </ConfirmModal>
    </section>
  );
}
