import { PageHeader } from '@/components/layout/page-header.tsx';
import { ProductForm } from '../components/product-form.tsx';

/** `/dashboard/add-product` (admin, PRODUCT.md §2). */
export default function AddProductPage() {
  return (
    <section className="flex flex-col gap-4">
      <PageHeader title="Add Product" />
      <ProductForm />
    </section>
  );
}
