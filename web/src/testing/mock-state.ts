import type {
  Address,
  Company,
  FitmentRow,
  Order,
  Part,
  PaymentRecord,
  Review,
  TaxIdAnswer,
  TaxRate,
  TaxReportRow,
  ShippingMethod,
  Vehicle,
} from '@torque/contract';
import { HttpResponse } from 'msw';
import type { z } from 'zod';

/**
 * The mock API's in-memory data, reset before every test. Shapes follow the contract, so the
 * pages read exactly what the real server sends.
 */
export interface MockUser {
  id: string;
  name: string;
  email: string;
  password: string;
  admin: boolean;
  address: string | null;
  phone: string | null;
  linkedin: string | null;
}

export interface MockIntent {
  id: string;
  clientSecret: string;
  orderId: string;
  status: 'requires_payment_method' | 'succeeded';
}

export const state = {
  users: new Map<string, MockUser>(),
  session: null as string | null,
  tokens: new Map<string, { email: string; expired: boolean }>(),
  signOutCalls: 0,
  exchangeCalls: 0,
  /** Resolve to let a held `get-session` answer (see `holdSession`). */
  sessionGate: null as Promise<void> | null,
  parts: [] as Part[],
  orders: [] as Order[],
  intents: [] as MockIntent[],
  payments: [] as PaymentRecord[],
  reviews: [] as Review[],
  /** Each part's fitment rows, by part id (PRODUCT.md §15). */
  fitment: new Map<string, FitmentRow[]>(),
  /** "My garage" by account email, newest first. */
  garages: new Map<string, Vehicle[]>(),
  /** Each buyer's cart lines by account email (issue 27). */
  carts: new Map<string, { partId: string; quantity: number }[]>(),
  /** Tax (issue 29, mock-tax.ts): the admin's rates, buyers' tax numbers and exemptions by e-mail. */
  taxRates: [] as TaxRate[],
  taxIds: new Map<string, TaxIdAnswer>(),
  taxExemptions: new Map<string, { certificate: string; expiresOn: string }>(),
  /** Where the quote sends the cart (the buyer's default address), null: no address yet. */
  taxDestination: null as { country: string; region: string | null } | null,
  /** The quote's shipping line (net dollars). */
  taxShipping: 0,
  /** VIES cannot be reached: every number checked is 'unverified'. */
  viesDown: false,
  /** What `GET /api/tax/report` answers (the mock does not sum orders). */
  taxReport: [] as TaxReportRow[],
  /** Each account's address book by email (issue 28). */
  addresses: new Map<string, Address[]>(),
  /** The shipping methods (issue 28). */
  shippingMethods: [] as ShippingMethod[],
  /**
   * Every accepted call that asks for a change, in order (`POST /api/order`, …), replays of an
   * already made change included: for "posted once" checks of what the pages send.
   */
  writes: [] as string[],
  /** Companies (issue 30, mock-companies.ts), their members' roles inside. */
  companies: [] as Company[],
  /** Company invitations by token (issue 30). */
  companyInvitations: [] as MockInvitation[],
  /** Issue 30: payment terms of the caller's company, by member e-mail (mock-account.ts). */
  companyTerms: new Map<string, { netDays: number; creditLimit: number }>(),
};

/** A company invitation as the mock keeps it: its token in the clear (the server keeps a hash). */
export interface MockInvitation {
  token: string;
  companyId: string;
  email: string;
  invitedAt: string;
  expiresAt: string;
  acceptedAt: string | null;
}

let counter = 0;

export function resetState() {
  state.users = new Map();
  state.session = null;
  state.tokens = new Map();
  state.signOutCalls = 0;
  state.exchangeCalls = 0;
  state.sessionGate = null;
  state.parts = [];
  state.orders = [];
  state.companyTerms = new Map();
  state.intents = [];
  state.payments = [];
  state.reviews = [];
  state.fitment = new Map();
  state.garages = new Map();
  state.carts = new Map();
  state.taxRates = [];
  state.taxIds = new Map();
  state.taxExemptions = new Map();
  state.taxDestination = null;
  state.taxShipping = 0;
  state.viesDown = false;
  state.taxReport = [];
  state.addresses = new Map();
  state.shippingMethods = [];
  state.writes = [];
  state.companies = [];
  state.companyInvitations = [];
}

/** A v4-shaped UUID (the contract's ids are UUIDs), unique within the test run. */
export function mockId(): string {
  counter += 1;
  return `00000000-0000-4000-8000-${String(counter).padStart(12, '0')}`;
}

export function addUser(user: Partial<MockUser> & { email: string }): MockUser {
  const full: MockUser = {
    id: `u-${state.users.size + 1}`,
    name: 'Test User',
    password: 'secret123',
    admin: false,
    address: null,
    phone: null,
    linkedin: null,
    ...user,
  };
  state.users.set(full.email, full);
  return full;
}

export function issueToken(email: string, expired = false): string {
  const token = `token-${++counter}`;
  state.tokens.set(token, { email, expired });
  return token;
}

/** Start the test signed in: an identity session plus a stored access token. */
export function signInAs(user: MockUser): string {
  state.session = user.email;
  const token = issueToken(user.email);
  window.localStorage.setItem('accessToken', token);
  return token;
}

/** Make `get-session` wait until the returned function is called. */
export function holdSession(): () => void {
  let release!: () => void;
  state.sessionGate = new Promise<void>((resolve) => (release = resolve));
  return () => {
    state.sessionGate = null;
    release();
  };
}

const stamp = '2026-01-01T00:00:00.000Z';

/** The brand a part gets when none is given (the server's default). */
export const OWN_BRAND = 'Torque Parts';

/** A part with the contract's whole shape, as the server sends it; `addPart` also stores it. */
export function partOf(part: Partial<Part> = {}): Part {
  return {
    _id: mockId(),
    name: 'Brake Disc',
    des: 'Ventilated front brake disc.',
    img: '/images/parts/brake-disc.svg',
    minimunOrder: 10,
    available: 100,
    price: 25,
    universal: false,
    partNumber: `TP-${10000 + state.parts.length + 1}`,
    brand: OWN_BRAND,
    crossReferences: [],
    replacedBy: null,
    weightGrams: 1000,
    weightDefaulted: false,
    hazardous: false,
    priceBreaks: [],
    createdAt: stamp,
    updatedAt: stamp,
    ...part,
  };
}

export function addPart(part: Partial<Part> = {}): Part {
  const full = partOf(part);
  state.parts.push(full);
  return full;
}

/** A fitment row with no engine and no note unless given. */
export const fitmentRow = (row: Partial<FitmentRow> & Pick<FitmentRow, 'make' | 'model'>): FitmentRow => ({
  yearFrom: 2010,
  yearTo: 2020,
  engine: null,
  note: null,
  ...row,
});

/** A part with fitment rows (or `universal`), as an admin would have saved it. */
export function addFittedPart(part: Partial<Part>, rows: FitmentRow[]): Part {
  const full = addPart(part);
  state.fitment.set(full._id, rows);
  return full;
}

export function addOrder(order: Partial<Order> & { email: string }): Order {
  const quantity = order.quantity ?? 10;
  const unitPrice = order.unitPrice ?? 25;
  const full: Order = {
    _id: mockId(),
    partId: null,
    phone: '555-0100',
    address: '1 Main Street',
    quantity,
    price: quantity * unitPrice,
    unitPrice,
    name: 'Brake Disc',
    partNumber: null,
    img: '/images/parts/brake-disc.svg',
    des: 'Ventilated front brake disc.',
    payment: false,
    paymentId: null,
    invoiceNumber: null,
    status: null,
    createdAt: stamp,
    paidAt: null,
    shippedAt: null,
    payBy: null,
    expiredAt: null,
    refundedAt: null,
    lines: [],
    shippingAddress: null,
    billingAddress: null,
    shipping: null,
    net: quantity * unitPrice,
    gross: quantity * unitPrice,
    tax: { lines: [], total: 0, note: null },
    creditNotes: [],
    paymentMethod: 'card',
    account: null,
    ...order,
  };
  // The server answers every order with its lines: a one-line order's is the order itself.
  if (!order.lines) full.lines = [oneLine(full)];
  state.orders.push(full);
  return full;
}

/** The line of a one-line order, as the server copies it when the order is placed. */
export const oneLine = (order: Omit<Order, 'lines'>): Order['lines'][number] => ({
  partId: order.partId,
  partNumber: order.partNumber,
  name: order.name,
  img: order.img,
  quantity: order.quantity,
  unitPrice: order.unitPrice,
  total: order.price,
});

export function addReview(review: Partial<Review> = {}): Review {
  const full: Review = { _id: mockId(), name: 'Rita', comment: 'Great pads', rating: 5, createdAt: stamp, ...review };
  state.reviews.push(full);
  return full;
}

export const apiError = (status: number, code: string, message: string, fields?: Record<string, string>) =>
  HttpResponse.json({ error: fields ? { code, message, fields } : { code, message } }, { status });

/** The caller behind the bearer token, or the 401 the real server would send. */
export function caller(request: Request): MockUser | Response {
  const token = request.headers.get('authorization')?.replace(/^Bearer /, '');
  if (!token) return apiError(401, 'UNAUTHORIZED', 'Sign in to continue');
  const record = state.tokens.get(token);
  if (!record) return apiError(401, 'TOKEN_INVALID', 'Your session token is not valid');
  if (record.expired) return apiError(401, 'TOKEN_EXPIRED', 'Your session token has expired');
  const user = state.users.get(record.email);
  if (!user) return apiError(401, 'SESSION_REVOKED', 'Your session has ended. Please sign in again');
  return user;
}

export function adminCaller(request: Request): MockUser | Response {
  const who = caller(request);
  if (who instanceof Response) return who;
  return who.admin ? who : apiError(403, 'FORBIDDEN', 'Admins only');
}

/** Validates a JSON body with a contract schema, answering like the server's error handler. */
export async function parseBody<S extends z.ZodType>(request: Request, schema: S): Promise<z.output<S> | Response> {
  const result = schema.safeParse(await request.json().catch(() => undefined));
  if (result.success) return result.data;
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) fields[issue.path.join('.') || 'body'] ??= issue.message;
  return apiError(400, 'VALIDATION_FAILED', Object.values(fields)[0] ?? 'Invalid input', fields);
}
