import type { Order } from '@torque/contract';
import { useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { QueryResult } from '@/components/ui/query-result.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { useTitle } from '@/hooks/use-title.ts';
import { useAuth } from '@/lib/auth/index.ts';
import { useLaterTask } from '@/lib/use-slices.ts';
import { usePart } from '../api/get-part.ts';
import { OrderForm } from '../components/order-form.tsx';
import { OrderPlaced } from '../components/order-placed.tsx';
import { FitmentTable } from '../components/fitment-table.tsx';
import { VehicleFit } from '../components/vehicle-fit.tsx';
import { PartDetails } from '../components/part-details.tsx';
import { ReplacedBy } from '../components/replaced-by.tsx';
import { AskedNumber } from '../components/asked-number.tsx';

/** `/purchase/:id` (PRODUCT.md §2): who is ordering, the part, and the order form. */
export default function PurchasePage() {
  useTitle('Purchase');
  const { id = '' } = useParams();
  // A new part (a successor's link) starts afresh: its own form, no order placed yet.
  return <PurchaseView key={id} id={id} />;
}

/**
 * "Your order", its form rendered in the task after the rest of the page: with the part, its fit
 * and its fitment, the form (react-hook-form's set-up, the price preview) made the page's longest
 * task, after its first paint on a slow phone (trace:web, issue 31).
 */
function OrderCard(props: Parameters<typeof OrderForm>[0]) {
  const formTask = useLaterTask();
  return (
    <div className="card border border-base-300 bg-base-100 shadow-sm">
      <div className="card-body">
        <h2 className="card-title">Your order</h2>
        {formTask ? (
          <OrderForm {...props} />
        ) : (
          <div className="flex min-h-96 items-center justify-center">
            <Spinner label="Loading the order form" />
          </div>
        )}
      </div>
    </div>
  );
}

function PurchaseView({ id }: { id: string }) {
  // The number someone opened at /parts/number/:number, when it led here.
  const asked = useSearchParams()[0].get('asked');
  const { user } = useAuth();
  const part = usePart(id);
  const [placed, setPlaced] = useState<Order | null>(null);

  return (
    <section className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-8">
      <header className="flex flex-col gap-1">
        <h1 className="text-2xl font-bold">Purchase</h1>
        {user ? (
          <p className="text-base-content/80">
            Ordering as <span className="font-semibold">{user.name || user.email}</span>{' '}
            <span className="break-all">({user.email})</span>
          </p>
        ) : null}
      </header>
      <QueryResult
        query={part}
        what="this part"
        notFound={
          <EmptyState title="This part is not in the catalogue">
            <Link to="/#parts" className="btn btn-primary btn-sm">
              Browse the catalogue
            </Link>
          </EmptyState>
        }
      >
        {(loaded) => (
          <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
            {asked || loaded.replacedBy ? (
              <div className="flex flex-col gap-4 lg:col-span-2">
                {asked ? <AskedNumber asked={asked} part={loaded} /> : null}
                {loaded.replacedBy ? <ReplacedBy successor={loaded.replacedBy} /> : null}
              </div>
            ) : null}
            <PartDetails part={loaded} />
            <div className="flex flex-col gap-4">
              <VehicleFit part={loaded} />
              {placed ? <OrderPlaced order={placed} /> : null}
              <OrderCard part={loaded} email={user?.email ?? ''} onOrdered={setPlaced} />
            </div>
            <div className="lg:col-span-2">
              <FitmentTable part={loaded} />
            </div>
          </div>
        )}
      </QueryResult>
    </section>
  );
}
