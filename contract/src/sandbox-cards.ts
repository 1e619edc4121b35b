/**
 * The sandbox's card network: Stripe's published test card numbers and Stripe's messages, so a
 * store tested here behaves the same once PAYMENT_PROVIDER=stripe. Pure functions, no I/O. In
 * the contract because two sides answer with it: the server's sandbox provider
 * (server/src/modules/payments/sandbox-provider.ts) and the web's mock API
 * (web/src/testing/mock-commerce.ts).
 */
export interface SandboxCard {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}

export type CardOutcome =
  | { ok: true; brand: string; last4: string }
  | { ok: false; code: string; message: string; brand?: string; last4?: string };

const DECLINED = 'Your card was declined.';

/** https://docs.stripe.com/testing — numbers that succeed. */
const SUCCEEDING = new Set([
  '4242424242424242',
  '4000056655665556',
  '5555555555554444',
  '2223003122003222',
  '5200828282828210',
  '5105105105105100',
  '378282246310005',
  '371449635398431',
  '6011111111111117',
  '6011000990139424',
  '3056930009020004',
  '36227206271667',
  '3566002020360505',
  '6200000000000005',
]);

/** Numbers that fail the way Stripe's do. */
const FAILING: Record<string, { code: string; message: string }> = {
  '4000000000000002': { code: 'card_declined', message: DECLINED },
  '4000000000009995': { code: 'insufficient_funds', message: 'Your card has insufficient funds.' },
  '4000000000009987': { code: 'lost_card', message: DECLINED },
  '4000000000009979': { code: 'stolen_card', message: DECLINED },
  '4000000000000069': { code: 'expired_card', message: 'Your card has expired.' },
  '4000000000000127': { code: 'incorrect_cvc', message: 'Your card’s security code is incorrect.' },
  '4000000000000119': {
    code: 'processing_error',
    message: 'An error occurred while processing your card. Try again in a little bit.',
  },
};

export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return sum % 10 === 0;
}

export function brandOf(digits: string): string {
  if (/^4/.test(digits)) return 'visa';
  if (/^(5[1-5]|2(2[2-9]|[3-6]\d|7[01]|720))/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^(6011|65|64[4-9])/.test(digits)) return 'discover';
  if (/^3(0[0-5]|[68])/.test(digits)) return 'diners';
  if (/^35/.test(digits)) return 'jcb';
  if (/^62/.test(digits)) return 'unionpay';
  return 'unknown';
}

/** Card numbers arrive as typed: spaces and dashes are the user's formatting, anything else is wrong. */
function digitsOf(number: string): string | null {
  const digits = number.replace(/[\s-]/g, '');
  return /^\d{12,19}$/.test(digits) ? digits : null;
}

function expired(card: SandboxCard, now: Date): boolean {
  const year = card.expYear < 100 ? 2000 + card.expYear : card.expYear;
  const month = now.getUTCFullYear() * 12 + now.getUTCMonth() + 1;
  return year * 12 + card.expMonth < month;
}

/** What would happen to a charge on this card: the checks Stripe.js and the network make, in order. */
export function chargeOutcome(card: SandboxCard, now = new Date()): CardOutcome {
  const digits = digitsOf(card.number);
  if (!digits || !luhnValid(digits))
    return { ok: false, code: 'invalid_number', message: 'Your card number is invalid.' };
  const brand = brandOf(digits);
  const last4 = digits.slice(-4);
  if (card.expMonth < 1 || card.expMonth > 12)
    return {
      ok: false,
      code: 'invalid_expiry_month',
      message: 'Your card’s expiration month is invalid.',
      brand,
      last4,
    };
  if (expired(card, now))
    return {
      ok: false,
      code: 'invalid_expiry_year',
      message: 'Your card’s expiration date is in the past.',
      brand,
      last4,
    };
  const cvcLength = brand === 'amex' ? 4 : 3;
  if (!new RegExp(`^\\d{${cvcLength}}$`).test(card.cvc.trim()))
    return { ok: false, code: 'invalid_cvc', message: 'Your card’s security code is invalid.', brand, last4 };
  const failing = FAILING[digits];
  if (failing) return { ok: false, ...failing, brand, last4 };
  if (!SUCCEEDING.has(digits)) {
    return {
      ok: false,
      code: 'card_declined',
      message: 'Your card was declined. This is the sandbox: use a test card such as 4242 4242 4242 4242.',
      brand,
      last4,
    };
  }
  return { ok: true, brand, last4 };
}
