import { useParams } from 'react-router';
import { useTitle } from '@/hooks/use-title.ts';

export default function PurchasePage() {
  useTitle('Purchase');
  const { id } = useParams();
  return (
    <section className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-2xl font-bold">Purchase</h1>
      <p className="mt-2 text-base-content/80">Part {id}: the order form is on its way.</p>
    </section>
  );
}
