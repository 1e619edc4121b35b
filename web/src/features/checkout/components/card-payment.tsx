import type { Order } from '@torque/contract';
import { lazy, Suspense } from 'react';
import { ChunkErrorBoundary } from '@/components/errors/chunk-error-boundary.tsx';
import { FormError } from '@/components/form/form-error.tsx';
import { QueryResult } from '@/components/ui/query-result.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { loadChunk } from '@/lib/lazy-route.ts';
import { usePublicConfig } from '@/lib/public-config.ts';
import { usePayOrder, type ConfirmCard } from '../api/pay-order.ts';
import type { CardFormProps } from './card-form-props.ts';
import { AlreadyPaid, PaymentComplete } from './payment-complete.tsx';
import { SandboxCardForm } from './sandbox-card-form.tsx';

// Stripe Elements is fetched only when the server's provider is Stripe.
const StripeCardForm = lazy(() => loadChunk('stripe-card-form', () => import('./stripe-card-form.tsx')));

function ProviderForm(props: CardFormProps) {
  const config = usePublicConfig();
  return (
    <QueryResult query={config} what="the payment settings">
      {({ paymentProvider, stripePublishableKey }) => {
        if (paymentProvider === 'sandbox') return <SandboxCardForm {...props} />;
        if (!stripePublishableKey) return <FormError message="Card payments are not set up on this server." />;
        return (
          <ChunkErrorBoundary>
            <Suspense fallback={<Spinner label="Loading the card form" />}>
              <StripeCardForm publishableKey={stripePublishableKey} {...props} />
            </Suspense>
          </ChunkErrorBoundary>
        );
      }}
    </QueryResult>
  );
}

/**
 * The card form of the server's provider, Pay, and the outcome under it: card errors in red,
 * 'Your Payment is completed' in green. Pay stays off while paying and once paid.
 */
export function CardPayment({ order, billingEmail }: { order: Order; billingEmail: string }) {
  const pay = usePayOrder(order._id);
  const paid = pay.isSuccess || order.payment;

  return (
    <div className="flex flex-col gap-4">
      <ProviderForm
        billingEmail={billingEmail}
        paying={pay.isPending}
        disabled={pay.isPending || paid}
        onPay={(confirmCard: ConfirmCard) => pay.mutate(confirmCard)}
      />
      {pay.isError ? <FormError message={pay.error.message} /> : null}
      {pay.isSuccess ? <PaymentComplete paymentId={pay.data} /> : null}
      {/* Paid meanwhile (another tab): the server refused a second charge; say why Pay is off. */}
      {order.payment && !pay.isSuccess ? <AlreadyPaid paymentId={order.paymentId} /> : null}
    </div>
  );
}
