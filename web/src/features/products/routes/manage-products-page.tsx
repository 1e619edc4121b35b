import type { Part } from '@torque/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from '@/lib/toast.ts';
import { ConfirmModal } from '@/components/ui/confirm-modal.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { QueryResult } from '@/components/ui/query-result.tsx';
import { formatCount } from '@/lib/format.ts';
import { useDeletePart } from '../api/delete-part.ts';
import { usePartsPage } from '../api/get-parts.ts';
import { useListParams } from '@/lib/list-params.ts';
import { Pager, SearchBox } from '@/components/ui/list-controls.tsx';
import { CountHeading, PageHeader } from '@/components/layout/page-header.tsx';
import { ProductsTable } from '../components/products-table.tsx';

/**
 * `/dashboard/manage-products` (admin, PRODUCT.md §2): the catalogue, 50 a page, searched, with
 * Edit and Delete Product; "Low stock only" asks the server (`lowStock=true`), so it covers every page.
 */
export default function ManageProductsPage() {
  const list = useListParams(['lowStock'] as const);
  // Newest first: a product just added is on the first page.
  const parts = usePartsPage(`${list.query}&sort=newest`);
  const deletePart = useDeletePart();
  const [toDelete, setToDelete] = useState<Part | null>(null);

  function confirmDelete() {
    if (!toDelete) return;
    deletePart.mutate(toDelete._id, {
      onSuccess: () => toast.success('Item deleted'),
      onError: (error) => toast.error(error.message),
      onSettled: () => setToDelete(null),
    });
  }

  return (
    <section className="flex flex-col gap-4">
      <PageHeader title="Manage Products">
        {parts.data ? <CountHeading>Products: {formatCount(parts.data.total)}</CountHeading> : null}
      </PageHeader>
      <div className="flex flex-wrap items-end gap-4">
        <SearchBox label="Search products" value={list.q} onSearch={list.setQ} />
        <label className="label cursor-pointer gap-2 pb-1">
          <input
            type="checkbox"
            className="checkbox checkbox-sm"
            checked={list.filters.lowStock === 'true'}
            onChange={(event) => list.setFilter('lowStock', event.target.checked ? 'true' : '')}
          />
          <span className="text-base-content">Low stock only</span>
        </label>
        <Link to="/dashboard/manage-products/cross-references" className="btn btn-outline btn-sm sm:ml-auto">
          Import cross-references
        </Link>
      </div>
      <QueryResult query={parts} what="the products">
        {(page) =>
          page.items.length === 0 ? (
            list.q || list.filters.lowStock ? (
              <EmptyState title="No products match">
                <p className="text-base-content/80">Try another search, or show every product.</p>
              </EmptyState>
            ) : (
              <EmptyState title="No products yet">
                <Link to="/dashboard/add-product" className="btn btn-primary btn-sm">
                  Add Product
                </Link>
              </EmptyState>
            )
          ) : (
            <>
              <ProductsTable parts={page.items} onDelete={setToDelete} />
              <Pager atStart={!list.cursor} nextCursor={page.nextCursor} onPage={list.goTo} />
            </>
          )
        }
      </QueryResult>
      <ConfirmModal
        open={toDelete !== null}
        title="Are you sure you want to delete?"
        busy={deletePart.isPending}
        onConfirm={confirmDelete}
        onClose={() => setToDelete(null)}
      >
        {toDelete ? (
          <p>
            <strong>{toDelete.name}</strong> will be removed from the catalogue.
          </p>
        ) : null}
      </ConfirmModal>
    </section>
  );
}
