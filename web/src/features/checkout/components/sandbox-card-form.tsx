import { useForm } from 'react-hook-form';
import { TextField } from '@/components/form/text-field.tsx';
import { confirmSandboxPayment } from '../api/confirm-sandbox-payment.ts';
import type { CardFormProps } from './card-form-props.ts';
import { groupCardNumber, parseExpiry } from './card-expiry.ts';
import { PayButton } from './pay-button.tsx';

interface CardFields {
  number: string;
  expiry: string;
  cvc: string;
}

/** Stripe's own wording for a card that is not filled in, so both providers read the same. */
const messages = {
  number: 'Your card number is incomplete.',
  expiry: 'Your card’s expiration date is incomplete.',
  cvc: 'Your card’s security code is incomplete.',
};

const TEST_CARDS = [
  { number: '4242 4242 4242 4242', outcome: 'succeeds' },
  { number: '4000 0000 0000 0002', outcome: 'is declined' },
  { number: '4000 0000 0000 9995', outcome: 'has insufficient funds' },
];

function TestModeNotice() {
  return (
    <div className="rounded-box border border-warning/60 bg-warning/10 p-3 text-sm">
      <p className="flex flex-wrap items-center gap-2 font-semibold">
        <span className="badge badge-warning badge-sm">Test mode</span>
        No real card is charged.
      </p>
      <p className="mt-2">Use a test card, any future expiry date and any 3-digit CVC:</p>
      <ul className="mt-1 flex flex-col gap-0.5">
        {TEST_CARDS.map((card) => (
          <li key={card.number}>
            <span className="font-mono">{card.number}</span> {card.outcome}
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * The sandbox provider's card form: number, expiry (MM/YY) and CVC, confirmed by the server's
 * test-mode processor, which follows Stripe's test cards.
 */
export function SandboxCardForm({ billingEmail, paying, disabled, onPay }: CardFormProps) {
  const form = useForm<CardFields>({ defaultValues: { number: '', expiry: '', cvc: '' } });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((card) => {
    const expiry = parseExpiry(card.expiry)!;
    onPay(async (clientSecret) => {
      const result = await confirmSandboxPayment({
        clientSecret,
        card: { number: card.number.replace(/\s/g, ''), cvc: card.cvc.trim(), ...expiry },
        billingEmail,
      });
      // The server recorded the payment already: the paid order comes with the answer.
      return { paymentId: result.id, paidOrder: result.order };
    });
  });

  const numberField = form.register('number', {
    validate: (value) => /^\d{12,19}$/.test(value.replace(/[\s-]/g, '')) || messages.number,
  });

  return (
    <form noValidate className="flex flex-col gap-4" onSubmit={onSubmit} aria-label="Card details (test mode)">
      <TestModeNotice />
      <TextField
        label="Card number"
        inputMode="numeric"
        autoComplete="cc-number"
        placeholder="4242 4242 4242 4242"
        maxLength={23}
        disabled={disabled}
        registration={{
          ...numberField,
          onChange: (event) => {
            const target = event.target as HTMLInputElement;
            target.value = groupCardNumber(target.value);
            return numberField.onChange(event);
          },
        }}
        error={errors.number?.message}
      />
      <div className="grid grid-cols-2 gap-4">
        <TextField
          label="Expiry (MM/YY)"
          inputMode="numeric"
          autoComplete="cc-exp"
          placeholder="MM/YY"
          maxLength={7}
          disabled={disabled}
          registration={form.register('expiry', {
            validate: (value) => parseExpiry(value) !== null || messages.expiry,
          })}
          error={errors.expiry?.message}
        />
        <TextField
          label="CVC"
          inputMode="numeric"
          autoComplete="cc-csc"
          placeholder="123"
          maxLength={4}
          disabled={disabled}
          registration={form.register('cvc', { validate: (value) => /^\d{3,4}$/.test(value.trim()) || messages.cvc })}
          error={errors.cvc?.message}
        />
      </div>
      <PayButton paying={paying} disabled={disabled} />
    </form>
  );
}
