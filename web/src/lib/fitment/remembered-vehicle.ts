import type { Vehicle } from '@torque/contract';
import { useSyncExternalStore } from 'react';

/**
 * The vehicle this browser last chose, in localStorage (a visitor's only memory of it; a signed-in
 * customer's garage is on the server). `'none'` marks a vehicle cleared on purpose, so a signed-in
 * customer's garage does not bring it back; absent means "never chose here".
 */
const KEY = 'vehicle';
const CLEARED = 'none';

export type Remembered = Vehicle | 'cleared' | null;

const listeners = new Set<() => void>();
let cachedText: string | null | undefined;
let cachedValue: Remembered = null;

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null; // storage blocked (privacy settings): remember nothing
  }
}

function parse(text: string | null): Remembered {
  if (text === null) return null;
  if (text === CLEARED) return 'cleared';
  try {
    const v = JSON.parse(text) as Partial<Vehicle>;
    if (typeof v.make === 'string' && typeof v.model === 'string' && Number.isInteger(v.year)) {
      return { make: v.make, model: v.model, year: v.year!, engine: typeof v.engine === 'string' ? v.engine : null };
    }
  } catch {
    // a damaged entry reads as none
  }
  return null;
}

/** The remembered vehicle (one object per stored text, as `useSyncExternalStore` wants). */
export function readRemembered(): Remembered {
  const text = storage()?.getItem(KEY) ?? null;
  if (text !== cachedText) {
    cachedText = text;
    cachedValue = parse(text);
  }
  return cachedValue;
}

export function remember(vehicle: Vehicle | null): void {
  try {
    storage()?.setItem(KEY, vehicle ? JSON.stringify(vehicle) : CLEARED);
  } catch {
    // full or blocked: the choice lasts for this page only
  }
  for (const listener of listeners) listener();
}

/** Forget this browser's choice altogether: a signed-in customer's garage speaks again. */
export function forget(): void {
  try {
    storage()?.removeItem(KEY);
  } catch {
    // blocked: nothing was stored
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  // Another tab's choice shows here too.
  const onStorage = (event: StorageEvent) => {
    if (event.key === KEY || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function useRemembered(): Remembered {
  return useSyncExternalStore(subscribe, readRemembered, () => null);
}
