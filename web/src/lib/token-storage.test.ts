import { afterEach, describe, expect, it, vi } from 'vitest';
import { tokenStorage } from './token-storage.ts';

describe('tokenStorage', () => {
  afterEach(() => tokenStorage.remove());

  it('keeps the token in localStorage under accessToken', () => {
    tokenStorage.set('abc');
    expect(window.localStorage.getItem('accessToken')).toBe('abc');
    expect(tokenStorage.get()).toBe('abc');
    tokenStorage.remove();
    expect(window.localStorage.getItem('accessToken')).toBeNull();
    expect(tokenStorage.get()).toBeNull();
  });

  it('falls back to sessionStorage, then memory, when storage throws', () => {
    const original = Storage.prototype.setItem;
    const spy = vi.spyOn(Storage.prototype, 'setItem').mockImplementation(function (this: Storage, key, value) {
      if (this === window.localStorage) throw new DOMException('quota', 'QuotaExceededError');
      original.call(this, key, value);
    });
    tokenStorage.set('in-session');
    expect(window.sessionStorage.getItem('accessToken')).toBe('in-session');
    expect(tokenStorage.get()).toBe('in-session');

    spy.mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    tokenStorage.set('in-memory');
    expect(window.sessionStorage.getItem('accessToken')).toBeNull();
    expect(tokenStorage.get()).toBe('in-memory');
    tokenStorage.remove();
    expect(tokenStorage.get()).toBeNull();
  });

  it('tells subscribers when the token changes', () => {
    const listener = vi.fn();
    const unsubscribe = tokenStorage.subscribe(listener);
    tokenStorage.set('x');
    tokenStorage.remove();
    expect(listener).toHaveBeenCalledTimes(2);
    unsubscribe();
  });
});
