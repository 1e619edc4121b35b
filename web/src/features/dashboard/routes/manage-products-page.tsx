import type { Part } from '@torque/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'react-toastify';
import { ConfirmModal } from '@/components/ui/confirm-modal.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { QueryResult } from '@/components/ui/query-result.tsx';
import { useDeletePart } from '../api/delete-part.ts';
import { useParts } from '../api/get-parts.ts';
import { CountHeading, PageHeader } from '../components/page-header.tsx';
import { ProductsTable } from '../components/products-table.tsx';

/** `/dashboard/manage-products` (admin, PRODUCT.md §2): the catalogue, with Delete Product. */
export default function ManageProductsPage() {
  const parts = useParts();
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
        {parts.data ? <CountHeading>Products: {parts.data.length}</CountHeading> : null}
      </PageHeader>
      <QueryResult query={parts} what="the products">
        {(list) =>
          list.length === 0 ? (
            <EmptyState title="No products yet">
              <Link to="/dashboard/add-product" className="btn btn-primary btn-sm">
                Add Product
              </Link>
            </EmptyState>
          ) : (
            <ProductsTable parts={list} onDelete={setToDelete} />
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
