/**
 * Keeps the checker's one event loop quick to notice answers. A check stamps its phases in socket
 * callbacks, which run in libuv's poll phase one ready socket after the other, each followed by the
 * promise continuations it resolves. Whatever runs there after a stamp (building the result,
 * closing, starting the next check with its connect: 0.1-0.3 ms) delays the stamps of every socket
 * still waiting in that poll and of every answer that arrives meanwhile. A pack of checks against
 * equally fast sites answers in a wave, so the last answers of a wave of 200 used to be stamped
 * tens of ms late.
 *
 * `nextIoTurn()` is where a check hands that work over: it resolves in a later turn of the loop,
 * ONE waiter per turn in arrival order, so between any two such pieces of work the loop polls for
 * I/O again and every answer that has arrived by then is stamped first. A turn with nothing to poll
 * costs microseconds, next to the work each handover defers.
 */

const waiting: Array<() => void> = [];
let turnScheduled = false;

const runOneWaiter = (): void => {
  const next = waiting.shift();
  if (waiting.length > 0) setImmediate(runOneWaiter);
  else turnScheduled = false;
  // Its continuation runs right after this callback, before the loop's next poll.
  next?.();
};

/** Resolves in a later turn of the event loop, after the I/O that is ready by then was handled. */
export const nextIoTurn = (): Promise<void> =>
  new Promise((resolve) => {
    waiting.push(resolve);
    if (!turnScheduled) {
      turnScheduled = true;
      setImmediate(runOneWaiter);
    }
  });
