import type { ShippingMethod } from '@torque/contract';
import { useState } from 'react';
import { toast } from '@/lib/toast.ts';
import { formatWeight } from '@/components/address/postal-address.tsx';
import { CountHeading, PageHeader } from '@/components/layout/page-header.tsx';
import { ConfirmModal } from '@/components/ui/confirm-modal.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { QueryResult } from '@/components/ui/query-result.tsx';
import { formatCount, formatMoney } from '@/lib/format.ts';
import { useAllShippingMethods, useDeleteShippingMethod } from '../api/shipping-methods.ts';
import { ShippingMethodForm } from '../components/shipping-method-form.tsx';

type Editing = { kind: 'none' } | { kind: 'new' } | { kind: 'edit'; method: ShippingMethod };

/** `/dashboard/shipping` (admin, PRODUCT.md §20): the shipping methods, their rates by weight, add, edit, delete. */
export default function ShippingMethodsPage() {
  const methods = useAllShippingMethods();
  const remove = useDeleteShippingMethod();
  const [editing, setEditing] = useState<Editing>({ kind: 'none' });
  const [deleting, setDeleting] = useState<ShippingMethod | null>(null);

  return (
    <section className="flex flex-col gap-4">
      <PageHeader title="Shipping">
        {methods.data ? <CountHeading>Methods: {formatCount(methods.data.length)}</CountHeading> : null}
      </PageHeader>
      {editing.kind === 'new' ? (
        <div className="rounded-box border border-base-300 bg-base-100 p-4">
          <h3 className="mb-3 font-semibold">New shipping method</h3>
          <ShippingMethodForm
            onDone={() => {
              setEditing({ kind: 'none' });
            }}
          />
        </div>
      ) : (
        <div>
          <button type="button" className="btn btn-primary btn-sm" onClick={() => setEditing({ kind: 'new' })}>
            Add a shipping method
          </button>
        </div>
      )}
      <QueryResult query={methods} what="the shipping methods">
        {(list) =>
          list.length === 0 ? (
            <EmptyState title="No shipping methods">
              <p className="text-base-content/80">Orders are placed without a shipping line until one is added.</p>
            </EmptyState>
          ) : (
            <ul className="flex flex-col gap-4" aria-label="Shipping methods">
              {list.map((method) =>
                editing.kind === 'edit' && editing.method._id === method._id ? (
                  <li key={method._id} className="rounded-box border border-base-300 bg-base-100 p-4">
                    <h3 className="mb-3 font-semibold">Edit {method.name}</h3>
                    <ShippingMethodForm method={method} onDone={() => setEditing({ kind: 'none' })} />
                  </li>
                ) : (
                  <MethodCard
                    key={method._id}
                    method={method}
                    onEdit={() => setEditing({ kind: 'edit', method })}
                    onDelete={() => setDeleting(method)}
                  />
                ),
              )}
            </ul>
          )
        }
      </QueryResult>
      <ConfirmModal
        open={deleting !== null}
        title={`Delete ${deleting?.name ?? 'this method'}?`}
        busy={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting._id, {
            onSuccess: () => toast.success('Shipping method deleted'),
            onError: (error) => toast.error(error.message),
            onSettled: () => setDeleting(null),
          })
        }
      >
        <p className="text-sm text-base-content/80">Orders placed with it keep its name and price.</p>
      </ConfirmModal>
    </section>
  );
}

function MethodCard({
  method,
  onEdit,
  onDelete,
}: {
  method: ShippingMethod;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const [min, max] = method.estimateDays;
  return (
    <li className="flex flex-col gap-3 rounded-box border border-base-300 bg-base-100 p-4 text-sm">
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="text-base font-semibold">{method.name}</h3>
        <span className={`badge badge-sm ${method.active ? 'badge-success' : ''}`}>
          {method.active ? 'Active' : 'Inactive'}
        </span>
        {method.carriesHazardous ? <span className="badge badge-sm badge-warning">Hazardous goods</span> : null}
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
        <dt className="text-base-content/80">Carrier</dt>
        <dd>{method.carrier}</dd>
        <dt className="text-base-content/80">Countries</dt>
        <dd className="wrap-anywhere">{method.countries.join(', ')}</dd>
        <dt className="text-base-content/80">Delivery</dt>
        <dd>{min === max ? `${min} days` : `${min}–${max} days`}</dd>
        <dt className="text-base-content/80">Free from</dt>
        <dd>{method.freeOver === null ? 'Never' : formatMoney(method.freeOver)}</dd>
      </dl>
      <table className="table-sm table max-w-sm" aria-label={`${method.name} rates`}>
        <thead>
          <tr>
            <th scope="col">Parcel up to</th>
            <th scope="col" className="text-right">
              Price
            </th>
          </tr>
        </thead>
        <tbody>
          {method.rates.map((rate) => (
            <tr key={rate.upToGrams}>
              <td>{formatWeight(rate.upToGrams)}</td>
              <td className="text-right">{formatMoney(rate.price)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="flex flex-wrap gap-2">
        <button type="button" className="btn btn-outline btn-xs" aria-label={`Edit ${method.name}`} onClick={onEdit}>
          Edit
        </button>
        <button
          type="button"
          className="btn btn-outline btn-error btn-xs"
          aria-label={`Delete ${method.name}`}
          onClick={onDelete}
        >
          Delete
        </button>
      </div>
    </li>
  );
}
