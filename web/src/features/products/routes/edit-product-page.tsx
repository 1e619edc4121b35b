import { Link, useParams } from 'react-router';
import { QueryResult } from '@/components/ui/query-result.tsx';
import { useEditablePart } from '../api/edit-part.ts';
import { EditProductForm } from '../components/edit-product-form.tsx';
import { PageHeader } from '@/components/layout/page-header.tsx';
import { RestockForm } from '../components/restock-form.tsx';

/** `/dashboard/manage-products/:id/edit` (admin): the product's form, and Restock. */
export default function EditProductPage() {
  const { id = '' } = useParams();
  const editable = useEditablePart(id);
  return (
    <section className="flex flex-col gap-6">
      <PageHeader title="Edit Product" />
      <Link to="/dashboard/manage-products" className="link w-fit">
        Back to Manage Products
      </Link>
      <QueryResult query={editable} what="the product" notFound={<p>This product does not exist any more.</p>}>
        {({ part, etag }) => (
          <>
            {/* A new version (another admin's save, reloaded) starts the form afresh. */}
            <EditProductForm
              key={etag.split('.')[0]}
              part={part}
              etag={etag}
              onReload={() => void editable.refetch()}
            />
            <section aria-labelledby="restock-heading" className="flex flex-col gap-2">
              <h3 id="restock-heading" className="text-lg font-semibold">
                Restock
              </h3>
              <RestockForm part={part} />
            </section>
          </>
        )}
      </QueryResult>
    </section>
  );
}
