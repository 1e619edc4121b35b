import '@/lib/zod-jitless.ts';
import '@/lib/preact-autofocus.ts';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '../index.css';
import { inLaterTask } from '@/lib/later-tasks.ts';
import { App, firstPageLoaded } from './app.tsx';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

/**
 * How long the first render waits for the first page's chunk (asked for when app.tsx ran). Once
 * it is here, the first paint is the page itself rather than the navbar and a spinner that the
 * page replaces: in Lighthouse's traces that page painted 100–300 ms after its chunk arrived, and
 * every request that finished meanwhile (the sign-in form's chunk, 37 kB) counted toward the
 * largest paint. On a network slower than this, the navbar and the spinner show first, as before.
 */
const FIRST_PAGE_WAIT_MS = 1500;

function render() {
  // As a transition, the first render yields to the browser every few milliseconds instead of
  // holding the main thread for one long task (what Total Blocking Time counts).
  startTransition(() => {
    createRoot(root!).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
}

let rendered = false;
const renderOnce = () => {
  if (rendered) return;
  rendered = true;
  render();
};
// In a task of its own, not in the promise callback after the page's chunk ran: the chunk's
// evaluation and the first render were one task (lib/later-tasks.ts says why that counts).
void firstPageLoaded.then(() => inLaterTask(renderOnce));
setTimeout(renderOnce, FIRST_PAGE_WAIT_MS);
