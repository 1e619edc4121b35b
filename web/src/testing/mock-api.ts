import { delay, http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { cartHandlers } from './mock-cart.ts';
import { commerceHandlers } from './mock-commerce.ts';
import { fitmentHandlers } from './mock-fitment.ts';
import { identityHandlers, userHandlers } from './mock-identity.ts';
import { partNumberHandlers } from './mock-part-numbers.ts';
import { taxHandlers } from './mock-tax.ts';
import { shippingHandlers } from './mock-shipping.ts';
import { companyHandlers } from './mock-companies.ts';
import { priceListHandlers } from './mock-price-lists.ts';
import { accountHandlers } from './mock-account.ts';

/**
 * A small in-memory stand-in for the server's API, shaped like the real one (better-auth's
 * `{ code, message }` under /api/auth, `{ error: { … } }` elsewhere, the same status and error
 * codes). Data lives in `state` (mock-state.ts) and is reset before every test.
 */
export const handlers = [
  ...identityHandlers,
  ...userHandlers,
  ...partNumberHandlers,
  ...fitmentHandlers,
  ...commerceHandlers,
  ...cartHandlers,
  ...taxHandlers,
  ...shippingHandlers,
  ...companyHandlers,
  ...priceListHandlers,
  ...accountHandlers,
  http.get('/api/config', () =>
    HttpResponse.json({ paymentProvider: 'sandbox', stripePublishableKey: null, googleEnabled: false }),
  ),
  http.get('/partners.json', () => HttpResponse.json([])),
];

export const server = setupServer(...handlers);

export {
  addOrder,
  addFittedPart,
  addPart,
  addReview,
  addUser,
  fitmentRow,
  holdSession,
  issueToken,
  resetState,
  signInAs,
  state,
  type MockUser,
} from './mock-state.ts';
export { addAddress, addShippingMethod } from './mock-shipping.ts';
export { addCompany, addInvitation } from './mock-companies.ts';
export { grantTerms } from './mock-account.ts';
export { delay, http, HttpResponse };
