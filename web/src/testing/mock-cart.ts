import {
  cartAddInput,
  cartInput,
  checkoutInput,
  orderMessages,
  type Cart,
  type CartLine,
  type CartLineProblem,
  type Order,
  type Part,
  type QuickOrderResult,
  type ReorderResult,
} from '@torque/contract';
import { http, HttpResponse } from 'msw';
import { previewUnitPrice } from '../lib/price-tiers.ts';
import { matchedNumber } from './mock-part-numbers.ts';
import { apiError, caller, mockId, state } from './mock-state.ts';
import { parcelOf, quote } from './mock-shipping.ts';
import { accountTermsFor } from './mock-account.ts';

/**
 * The cart routes of issue 27 as contract/src/cart.ts shapes them: the buyer's lines by e-mail in
 * `state.carts`, priced at each part's price, with the problems the server flags.
 */
type StoredLine = { partId: string; quantity: number };

const partOf = (id: string) => state.parts.find((p) => p._id === id);

export function lineProblem(part: Part, quantity: number): CartLineProblem | null {
  if (part.replacedBy)
    return {
      code: 'SUPERSEDED',
      message: `This part is replaced by ${part.replacedBy.partNumber}`,
      successor: part.replacedBy,
    };
  if (part.available <= 0) return { code: 'UNAVAILABLE', message: orderMessages.stockOut };
  if (quantity < part.minimunOrder) return { code: 'BELOW_MINIMUM', message: orderMessages.belowMinimum };
  if (quantity > part.available) return { code: 'ABOVE_AVAILABLE', message: orderMessages.aboveAvailable };
  return null;
}

/** Same part twice: one line, quantities added (the server's rule). */
function merged(lines: StoredLine[]): StoredLine[] {
  const out: StoredLine[] = [];
  for (const line of lines) {
    const existing = out.find((l) => l.partId === line.partId);
    if (existing) existing.quantity += line.quantity;
    else out.push({ ...line });
  }
  return out;
}

export function cartOf(email: string): Cart {
  const lines: CartLine[] = (state.carts.get(email) ?? []).flatMap(({ partId, quantity }) => {
    const part = partOf(partId);
    if (!part) return [];
    // The server's one pricing function: the quantity's tier.
    const cents = previewUnitPrice(part, quantity).unitCents;
    return [
      {
        partId,
        partNumber: part.partNumber,
        brand: part.brand,
        name: part.name,
        img: part.img,
        quantity,
        unitPrice: cents / 100,
        total: (cents * quantity) / 100,
        minimunOrder: part.minimunOrder,
        available: part.available,
        problem: lineProblem(part, quantity),
      },
    ];
  });
  return {
    lines,
    quantity: lines.reduce((sum, l) => sum + l.quantity, 0),
    total: lines.reduce((sum, l) => sum + Math.round(l.total * 100), 0) / 100,
    ready: lines.length > 0 && lines.every((l) => l.problem === null),
  };
}

const unknownPart = (lines: StoredLine[]) => lines.find((l) => !partOf(l.partId));

/** `part number, quantity` per line: comma, tab or the last run of spaces between them. */
function parseQuickOrder(text: string): { line: number; number: string; quantity: string }[] {
  return text
    .replace(/\r\n/g, '\n')
    .split('\n')
    .map((raw, index) => {
      const row = raw.trim();
      const cut = /[,\t;]/.exec(row) ?? /\s+(?=\S+$)/.exec(row);
      const number = cut ? row.slice(0, cut.index).trim() : row;
      const quantity = cut ? row.slice(cut.index + cut[0].length).trim() : '';
      return { line: index + 1, number, quantity };
    })
    .filter((row) => row.number !== '');
}

export const cartHandlers = [
  http.get('/api/cart', ({ request }) => {
    const who = caller(request);
    if (who instanceof Response) return who;
    return HttpResponse.json(cartOf(who.email));
  }),

  http.put('/api/cart', async ({ request }) => {
    const who = caller(request);
    if (who instanceof Response) return who;
    const body = cartInput.safeParse(await request.json().catch(() => undefined));
    if (!body.success) return apiError(400, 'VALIDATION_FAILED', body.error.issues[0]?.message ?? 'Invalid input');
    if (unknownPart(body.data.lines)) return apiError(404, 'NOT_FOUND', 'Part not found');
    state.writes.push('PUT /api/cart');
    state.carts.set(who.email, merged(body.data.lines));
    return HttpResponse.json(cartOf(who.email));
  }),

  http.post('/api/cart/lines', async ({ request }) => {
    const who = caller(request);
    if (who instanceof Response) return who;
    const body = cartAddInput.safeParse(await request.json().catch(() => undefined));
    if (!body.success) return apiError(400, 'VALIDATION_FAILED', body.error.issues[0]?.message ?? 'Invalid input');
    // All or nothing: a part that does not exist is a 400 naming its line (the server's answer).
    const missing = body.data.lines.findIndex((line) => !partOf(line.partId));
    if (missing >= 0)
      return apiError(400, 'VALIDATION_FAILED', 'This part does not exist', {
        [`lines.${missing}.partId`]: 'This part does not exist',
      });
    state.writes.push('POST /api/cart/lines');
    state.carts.set(who.email, merged([...(state.carts.get(who.email) ?? []), ...body.data.lines]));
    return HttpResponse.json(cartOf(who.email));
  }),

  http.post('/api/cart/quick-order', async ({ request }) => {
    const who = caller(request);
    if (who instanceof Response) return who;
    state.writes.push(`POST /api/cart/quick-order ${request.headers.get('content-type') ?? ''}`);
    const added: QuickOrderResult['added'] = [];
    const errors: QuickOrderResult['errors'] = [];
    const lines = [...(state.carts.get(who.email) ?? [])];
    for (const row of parseQuickOrder(await request.text())) {
      const quantity = Number(row.quantity);
      if (!/^\d+$/.test(row.quantity) || quantity < 1) {
        errors.push({ line: row.line, message: `The quantity "${row.quantity}" is not a whole number from 1` });
        continue;
      }
      const found = state.parts
        .map((part) => ({ part, matchedBy: matchedNumber(part, row.number) }))
        .find((candidate) => candidate.matchedBy);
      if (!found?.matchedBy) {
        errors.push({ line: row.line, message: `No part has the number "${row.number}"` });
        continue;
      }
      lines.push({ partId: found.part._id, quantity });
      added.push({
        line: row.line,
        partId: found.part._id,
        partNumber: found.part.partNumber,
        quantity,
        matchedBy: found.matchedBy,
        problem: null,
      });
    }
    state.carts.set(who.email, merged(lines));
    const cart = cartOf(who.email);
    for (const item of added) item.problem = cart.lines.find((l) => l.partId === item.partId)?.problem ?? null;
    return HttpResponse.json({ added, errors, cart });
  }),

  http.post('/api/checkout', async ({ request }) => {
    const who = caller(request);
    if (who instanceof Response) return who;
    const body = checkoutInput.safeParse(await request.json().catch(() => undefined));
    if (!body.success) {
      const fields: Record<string, string> = {};
      for (const issue of body.error.issues) fields[issue.path.join('.')] ??= issue.message;
      return apiError(400, 'VALIDATION_FAILED', Object.values(fields)[0] ?? 'Invalid input', fields);
    }
    const cart = cartOf(who.email);
    if (cart.lines.length === 0) return apiError(409, 'CART_EMPTY', 'Your cart is empty');
    const refused = cart.lines.flatMap((l) =>
      l.problem ? [{ partId: l.partId, code: l.problem.code, message: l.problem.message }] : [],
    );
    if (refused.length > 0) {
      return HttpResponse.json(
        { error: { code: 'LINES_REFUSED', message: 'Some lines cannot be ordered as they are' }, lines: refused },
        { status: 409 },
      );
    }
    // Issue 28: a book entry and a method the server prices again (PRODUCT.md §20).
    let phone = body.data.phone ?? '';
    let address = typeof body.data.address === 'string' ? body.data.address : '';
    let shippingAddress: Order['shippingAddress'] = null;
    let shipping: Order['shipping'] = null;
    if (body.data.addressId) {
      const entry = state.addresses.get(who.email)?.find((a) => a._id === body.data.addressId);
      if (!entry)
        return apiError(400, 'VALIDATION_FAILED', 'This address is not in your address book', {
          addressId: 'This address is not in your address book',
        });
      const { _id, defaultShipping, defaultBilling, createdAt, updatedAt, ...copy } = entry;
      void [_id, defaultShipping, defaultBilling, createdAt, updatedAt];
      shippingAddress = copy;
      address = [entry.name, entry.company, entry.line1, entry.line2, entry.city, entry.countryName]
        .filter(Boolean)
        .join(', ');
      phone = body.data.phone ?? entry.phone ?? '';
      if (!phone) return apiError(400, 'VALIDATION_FAILED', 'Phone is required', { phone: 'Phone is required' });
      const active = state.shippingMethods.filter((m) => m.active);
      if (active.length > 0 && !body.data.shippingMethodId)
        return apiError(400, 'VALIDATION_FAILED', 'Choose a shipping method', {
          shippingMethodId: 'Choose a shipping method',
        });
      if (body.data.shippingMethodId) {
        const method = active.find((m) => m._id === body.data.shippingMethodId);
        if (!method) return apiError(409, 'SHIPPING_METHOD_UNAVAILABLE', 'This shipping method is no longer offered');
        const parcel = parcelOf(who.email, entry.country);
        const q = quote(method, parcel);
        if (!q.ok) return apiError(409, `SHIPPING_${q.code}`, q.message);
        shipping = { methodId: method._id, name: method.name, price: q.price, weightGrams: parcel.weightGrams };
      }
    }
    const first = cart.lines[0]!;
    const price = (Math.round(cart.total * 100) + Math.round((shipping?.price ?? 0) * 100)) / 100;
    // Issue 30: on account (mock-account.ts), refused before anything is taken.
    const onAccount = accountTermsFor(who.email, body.data, price);
    if (onAccount instanceof Response) return onAccount;
    state.writes.push('POST /api/checkout');
    for (const line of cart.lines) partOf(line.partId)!.available -= line.quantity;
    const order: Order = {
      _id: mockId(),
      partId: first.partId,
      email: who.email,
      phone,
      address,
      quantity: cart.quantity,
      price,
      unitPrice: first.unitPrice,
      name: cart.lines.length > 1 ? `${first.name} and ${cart.lines.length - 1} more parts` : first.name,
      partNumber: first.partNumber,
      img: first.img,
      des: partOf(first.partId)?.des ?? '',
      payment: false,
      paymentId: null,
      invoiceNumber: null,
      status: null,
      createdAt: new Date().toISOString(),
      paidAt: null,
      shippedAt: null,
      payBy: null,
      expiredAt: null,
      refundedAt: null,
      shippingAddress,
      billingAddress: shippingAddress,
      shipping,
      net: price,
      gross: price,
      tax: { lines: [], total: 0, note: null },
      creditNotes: [],
      paymentMethod: 'card',
      account: null,
      ...onAccount,
      lines: cart.lines.map((l) => ({
        partId: l.partId,
        partNumber: l.partNumber,
        name: l.name,
        img: l.img,
        quantity: l.quantity,
        unitPrice: l.unitPrice,
        total: l.total,
      })),
    };
    state.orders.push(order);
    state.carts.set(who.email, []);
    return HttpResponse.json(order, { status: 201 });
  }),

  http.post('/api/orders/:id/reorder', ({ request, params }) => {
    const who = caller(request);
    if (who instanceof Response) return who;
    const order = state.orders.find((o) => o._id === params.id && o.email === who.email);
    if (!order) return apiError(404, 'NOT_FOUND', 'Order not found');
    state.writes.push(`POST /api/orders/${order._id}/reorder`);
    const changes: ReorderResult['changes'] = [];
    const lines = [...(state.carts.get(who.email) ?? [])];
    for (const line of order.lines) {
      const part = line.partId ? partOf(line.partId) : undefined;
      if (!part) {
        changes.push({ ...changeOf(line), code: 'UNAVAILABLE', message: 'No longer sold' });
        continue;
      }
      const successor = part.replacedBy ? partOf(part.replacedBy._id) : undefined;
      if (part.replacedBy && successor) {
        changes.push({ ...changeOf(line), code: 'REPLACED', message: 'Replaced', successor: part.replacedBy });
        lines.push({ partId: successor._id, quantity: line.quantity });
        continue;
      }
      if (part.price !== line.unitPrice)
        changes.push({
          ...changeOf(line),
          code: 'PRICE_CHANGED',
          message: 'The price changed',
          before: line.unitPrice,
          after: part.price,
        });
      lines.push({ partId: part._id, quantity: line.quantity });
    }
    state.carts.set(who.email, merged(lines));
    return HttpResponse.json({ cart: cartOf(who.email), changes });
  }),
];

const changeOf = (line: Order['lines'][number]) => ({
  partId: line.partId,
  partNumber: line.partNumber,
  name: line.name,
});
