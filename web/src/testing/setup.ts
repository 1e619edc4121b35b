import '@testing-library/jest-dom/vitest';
import '@/lib/preact-autofocus.ts';
import { cleanup, configure } from '@testing-library/react';
import { options } from 'preact';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { resetState, server } from './mock-api.ts';

// How long findBy/waitFor wait for the page to settle: a limit, not a timing assertion (a wait
// ends as soon as the page shows what it waits for, so a green run never spends it). The first
// test of a file that opens a lazy page also waits for Vite to transform that page's modules:
// with three suites on 2 busy cores that alone took over 5 s (signup-form.test.tsx).
configure({ asyncUtilTimeout: 15_000 });

// jsdom does not lay pages out; React Router's scroll restoration only needs this to exist.
window.scrollTo = () => {};

// Preact runs effects after the next paint: a requestAnimationFrame raced by a 100 ms timer that
// then calls cancelAnimationFrame. Such a timer still pending when a file ends fired after jsdom's
// globals were gone ("cancelAnimationFrame is not defined": an unhandled error fails the whole run,
// seen once under load). jsdom paints nothing: effects run on the next task instead.
options.requestAnimationFrame = (callback) => void setTimeout(callback);

// jsdom has no idle callbacks; a test page is idle at once (the toast container waits for idle).
window.requestIdleCallback ??= (callback) =>
  window.setTimeout(() => callback({ didTimeout: false, timeRemaining: () => 50 }), 1);
window.cancelIdleCallback ??= (id) => window.clearTimeout(id);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  resetState();
  window.localStorage.clear();
  window.sessionStorage.clear();
});
afterEach(() => {
  cleanup();
  server.resetHandlers();
});
afterAll(() => server.close());

// jsdom has <dialog> but not its methods: open and close it the way browsers do (the `close`
// event included), so modal tests exercise the same component code.
HTMLDialogElement.prototype.showModal ??= function showModal(this: HTMLDialogElement) {
  this.setAttribute('open', '');
};
HTMLDialogElement.prototype.close ??= function close(this: HTMLDialogElement) {
  if (!this.hasAttribute('open')) return;
  this.removeAttribute('open');
  this.dispatchEvent(new Event('close'));
};
