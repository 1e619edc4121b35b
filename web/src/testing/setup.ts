import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { resetState, server } from './mock-api.ts';

// How long findBy/waitFor wait for the page to settle: the 1 s default is too short on a busy
// 2-core machine running several suites (a limit, not a timing assertion).
configure({ asyncUtilTimeout: 5000 });

// jsdom does not lay pages out; React Router's scroll restoration only needs this to exist.
window.scrollTo = () => {};

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
