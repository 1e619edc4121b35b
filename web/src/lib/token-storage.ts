/**
 * Where the API access token lives (PRODUCT.md §3: localStorage `accessToken`). A browser may refuse
 * storage (private mode, quota, disabled cookies): then sessionStorage, then memory.
 */
export const ACCESS_TOKEN_KEY = 'accessToken';

type Listener = () => void;

const memory = new Map<string, string>();
const listeners = new Set<Listener>();

function storages(): Array<() => Storage> {
  return [() => window.localStorage, () => window.sessionStorage];
}

function read(): string | null {
  for (const storage of storages()) {
    try {
      const value = storage().getItem(ACCESS_TOKEN_KEY);
      if (value) return value;
    } catch {
      // this storage is unavailable: try the next one
    }
  }
  return memory.get(ACCESS_TOKEN_KEY) ?? null;
}

function notify() {
  for (const listener of listeners) listener();
}

export const tokenStorage = {
  get: read,

  set(token: string) {
    tokenStorage.remove(false);
    for (const storage of storages()) {
      try {
        storage().setItem(ACCESS_TOKEN_KEY, token);
        notify();
        return;
      } catch {
        // refused (quota, privacy settings): fall back
      }
    }
    memory.set(ACCESS_TOKEN_KEY, token);
    notify();
  },

  remove(shouldNotify = true) {
    for (const storage of storages()) {
      try {
        storage().removeItem(ACCESS_TOKEN_KEY);
      } catch {
        // nothing stored there
      }
    }
    memory.delete(ACCESS_TOKEN_KEY);
    if (shouldNotify) notify();
  },

  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    const onStorage = (event: StorageEvent) => {
      if (event.key === ACCESS_TOKEN_KEY || event.key === null) listener();
    };
    window.addEventListener('storage', onStorage);
    return () => {
      listeners.delete(listener);
      window.removeEventListener('storage', onStorage);
    };
  },
};
