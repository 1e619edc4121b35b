import { describe, expect, it } from 'vitest';
import { inLaterTask } from './later-tasks.ts';

/** Resolves in a task of its own after the pieces asked for so far have run. */
function afterPieces(): Promise<void> {
  return new Promise((resolve) => inLaterTask(resolve));
}

describe('later tasks', () => {
  it('runs the pieces in the order asked for, none in the task that asked', async () => {
    const ran: string[] = [];
    inLaterTask(() => ran.push('chunk'));
    inLaterTask(() => ran.push('session'));
    inLaterTask(() => ran.push('page data'));
    expect(ran).toEqual([]);
    await afterPieces();
    expect(ran).toEqual(['chunk', 'session', 'page data']);
  });

  it('runs each piece in a task of its own: a microtask queued by one runs before the next piece', async () => {
    const ran: string[] = [];
    inLaterTask(() => {
      ran.push('first');
      queueMicrotask(() => ran.push('first’s microtask'));
    });
    inLaterTask(() => ran.push('second'));
    await afterPieces();
    expect(ran).toEqual(['first', 'first’s microtask', 'second']);
  });

  it('does not run a cancelled piece', async () => {
    const ran: string[] = [];
    const cancel = inLaterTask(() => ran.push('cancelled'));
    inLaterTask(() => ran.push('kept'));
    cancel();
    await afterPieces();
    expect(ran).toEqual(['kept']);
  });
});
