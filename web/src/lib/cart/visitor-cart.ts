import type { CartLineInput } from '@torque/contract';
import { useSyncExternalStore } from 'react';

/**
 * A visitor's cart (issue 27): the same `{ partId, quantity }` lines the server keeps for a
 * signed-in buyer, in localStorage so they survive a reload and reach the account at sign-in
 * (merge-visitor-cart.ts). Lines stay in the order they were first added; adding a part already
 * in the cart adds to its quantity, as `POST /api/cart/lines` does.
 */
export const VISITOR_CART_KEY = 'cart';

/** The contract's limits (cart.ts), restated: importing them would pull zod into the first load. */
export const VISITOR_CART_LINES_MAX = 200;
export const VISITOR_CART_QUANTITY_MAX = 1_000_000;

export interface VisitorCartLine {
  partId: string;
  quantity: number;
}

type Listener = () => void;
const listeners = new Set<Listener>();
const EMPTY: readonly VisitorCartLine[] = Object.freeze([]);
/** The last lines read, so `useSyncExternalStore` sees the same array until they change. */
let cache: { raw: string | null; lines: readonly VisitorCartLine[] } = { raw: null, lines: EMPTY };
/** Where the lines live when the browser refuses storage (private mode, quota): this page's life. */
let memory: string | null = null;

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

const isLine = (value: unknown): value is VisitorCartLine =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as VisitorCartLine).partId === 'string' &&
  Number.isInteger((value as VisitorCartLine).quantity) &&
  (value as VisitorCartLine).quantity >= 1;

/** What is stored, with anything malformed (an old or hand-edited value) left out. */
function parse(raw: string | null): readonly VisitorCartLine[] {
  if (!raw) return EMPTY;
  try {
    const value: unknown = JSON.parse(raw);
    return Array.isArray(value) ? value.filter(isLine).map(({ partId, quantity }) => ({ partId, quantity })) : EMPTY;
  } catch {
    return EMPTY;
  }
}

function read(): readonly VisitorCartLine[] {
  let raw = memory;
  try {
    const stored = storage();
    if (stored) raw = stored.getItem(VISITOR_CART_KEY);
  } catch {
    // storage refused: the page's own copy
  }
  if (raw !== cache.raw) cache = { raw, lines: parse(raw) };
  return cache.lines;
}

function write(lines: readonly VisitorCartLine[]) {
  const raw = lines.length === 0 ? null : JSON.stringify(lines);
  memory = raw;
  try {
    const stored = storage();
    if (raw === null) stored?.removeItem(VISITOR_CART_KEY);
    else stored?.setItem(VISITOR_CART_KEY, raw);
  } catch {
    // quota or privacy settings: the cart lives as long as this page
  }
  for (const listener of listeners) listener();
}

const clampQuantity = (quantity: number) => Math.min(Math.max(Math.trunc(quantity), 1), VISITOR_CART_QUANTITY_MAX);

export const visitorCart = {
  lines: read,

  /** Adds `quantity` units of a part (to its line when it has one). False when the cart is full. */
  add(partId: string, quantity: number): boolean {
    const lines = read();
    const existing = lines.find((line) => line.partId === partId);
    if (!existing && lines.length >= VISITOR_CART_LINES_MAX) return false;
    write(
      existing
        ? lines.map((line) =>
            line.partId === partId ? { partId, quantity: clampQuantity(line.quantity + quantity) } : line,
          )
        : [...lines, { partId, quantity: clampQuantity(quantity) }],
    );
    return true;
  },

  setQuantity(partId: string, quantity: number) {
    write(read().map((line) => (line.partId === partId ? { partId, quantity: clampQuantity(quantity) } : line)));
  },

  remove(partId: string) {
    write(read().filter((line) => line.partId !== partId));
  },

  clear() {
    write(EMPTY);
  },

  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    const onStorage = (event: StorageEvent) => {
      if (event.key === VISITOR_CART_KEY || event.key === null) listener();
    };
    window.addEventListener('storage', onStorage);
    return () => {
      listeners.delete(listener);
      window.removeEventListener('storage', onStorage);
    };
  },
};

/** The visitor's lines, re-rendering when they change (in this tab or another). */
export function useVisitorCart(): readonly VisitorCartLine[] {
  return useSyncExternalStore(visitorCart.subscribe, visitorCart.lines, () => EMPTY);
}

/** The lines as the API takes them. */
export const asCartInput = (lines: readonly VisitorCartLine[]): CartLineInput[] =>
  lines.map(({ partId, quantity }) => ({ partId, quantity }));
