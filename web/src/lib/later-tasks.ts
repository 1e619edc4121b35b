/**
 * Work run one piece per task, in the order asked for. Lighthouse counts every task of 50 ms or
 * more after the first paint as blocking, and on a slow phone even small pieces of start-up work
 * (a fetch, a chunk's preload links, a slice of a render) add up to that when they share a task;
 * each in a task of its own, the browser can paint and answer input between them.
 */
const queue: (() => void)[] = [];
let scheduled = false;

/** The next task: a MessageChannel message (no 4 ms timer clamping), a timer where it is missing. */
function nextTask(run: () => void) {
  if (typeof MessageChannel === 'function') {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      run();
    };
    channel.port2.postMessage(null);
  } else setTimeout(run, 0);
}

function runOne() {
  scheduled = false;
  queue.shift()?.();
  if (queue.length) schedule();
}

function schedule() {
  if (scheduled) return;
  scheduled = true;
  nextTask(runOne);
}

/** Runs `piece` in a task of its own after the ones already asked for. Returns the cancel. */
export function inLaterTask(piece: () => void): () => void {
  queue.push(piece);
  schedule();
  return () => {
    const at = queue.indexOf(piece);
    if (at >= 0) queue.splice(at, 1);
  };
}
