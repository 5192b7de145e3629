import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * The live pushes of a result-processor batch (docs/live-status.md "Pushes"): each starts at its
 * round's commit and may run until the batch's rounds are done plus the grace; only then is what
 * is left given up on, and every post is accounted for.
 */
const posted: string[] = [];
const frames: string[] = [];
let postMs = 0;
let signals: AbortSignal[] = [];
const send = vi.fn(
  (command: { input: { ConnectionId: string; Data: Uint8Array } }, options?: { abortSignal?: AbortSignal }) =>
    new Promise((resolve, reject) => {
      if (options?.abortSignal) signals.push(options.abortSignal);
      const timer = setTimeout(() => {
        posted.push(command.input.ConnectionId);
        frames.push(new TextDecoder().decode(command.input.Data));
        resolve({});
      }, postMs);
      options?.abortSignal?.addEventListener('abort', () => {
        clearTimeout(timer);
        reject(Object.assign(new Error('aborted'), { name: 'AbortError' }));
      });
    }),
);
vi.mock('../../../functions/clients/live-connections.js', () => ({ liveConnections: () => ({ send }) }));
const connections = Array.from({ length: 10 }, (_, i) => `c${i}`);
vi.mock('../../../functions/repositories/live-connection-repository.js', () => ({
  listLiveConnections: async () => connections,
  deleteLiveConnection: async () => undefined,
}));

const { batchPushes } = await import('../../../functions/services/live/batch-pushes.js');
const { LIVE_PUBLISH_BUDGET_IN_ROUND_MS, NO_PUSHES } = await import('../../../functions/services/live/publish-live.js');

describe('batchPushes', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    posted.length = 0;
    frames.length = 0;
    signals = [];
    send.mockClear();
  });
  afterEach(() => vi.useRealTimers());

  it('delivers a push that takes longer than the old per-publish budget while the batch is still busy', async () => {
    // A burst: the gateway answers each post only after more than the 3 s a publish once had from its own start.
    postMs = LIVE_PUBLISH_BUDGET_IN_ROUND_MS + 500;
    const pushes = batchPushes();
    pushes.publish('u1', [{ type: 'monitor.changed', monitor_id: 'm1' }]);
    // The batch's other rounds keep it busy meanwhile.
    await vi.advanceTimersByTimeAsync(LIVE_PUBLISH_BUDGET_IN_ROUND_MS + 200);
    expect(posted).toEqual([]);
    const settled = pushes.settle();
    await vi.advanceTimersByTimeAsync(400);
    expect(await settled).toEqual({ ...NO_PUSHES, publishes: 1, connections: 10, delivered: 10 });
    expect(posted).toHaveLength(10);
  });

  it('gives up on what is left once the grace after the batch ran out, counting every post', async () => {
    postMs = 60_000;
    const pushes = batchPushes();
    pushes.publish('u1', [{ type: 'monitor.changed', monitor_id: 'm1' }, { type: 'incident.changed', incident_id: 'i1', monitor_id: 'm1' }]);
    pushes.publish('u2', [{ type: 'monitor.changed', monitor_id: 'm2' }]);
    const settled = pushes.settle(1_000);
    await vi.advanceTimersByTimeAsync(1_000);
    const counts = await settled;
    expect(counts).toEqual({ ...NO_PUSHES, publishes: 2, connections: 20, unsent: 20 });
    expect(signals.length).toBeGreaterThan(0);
    expect(signals.every((signal) => signal.aborted)).toBe(true);
  });

  it('sends what comes for a user while their publish is under way together, in one frame per screen, each message once', async () => {
    postMs = 100;
    const pushes = batchPushes();
    pushes.publish('u1', [{ type: 'monitor.changed', monitor_id: 'm1' }]);
    // Three more rounds of the same user commit while the first publish is posting.
    await vi.advanceTimersByTimeAsync(10);
    pushes.publish('u1', [{ type: 'monitor.changed', monitor_id: 'm2' }, { type: 'incident.changed', incident_id: 'i2', monitor_id: 'm2' }]);
    pushes.publish('u1', [{ type: 'monitor.changed', monitor_id: 'm3' }]);
    pushes.publish('u1', [{ type: 'monitor.changed', monitor_id: 'm2' }]);
    // Another user's publish does not wait for u1's.
    pushes.publish('u2', [{ type: 'monitor.changed', monitor_id: 'm9' }]);
    const settled = pushes.settle();
    await vi.advanceTimersByTimeAsync(300);
    expect(await settled).toEqual({ ...NO_PUSHES, publishes: 3, connections: 30, delivered: 30 });
    expect([...new Set(frames)].map((frame) => JSON.parse(frame) as unknown)).toEqual([
      { type: 'monitor.changed', monitor_id: 'm1' },
      { type: 'monitor.changed', monitor_id: 'm9' },
      [
        { type: 'monitor.changed', monitor_id: 'm2' },
        { type: 'incident.changed', incident_id: 'i2', monitor_id: 'm2' },
        { type: 'monitor.changed', monitor_id: 'm3' },
      ],
    ]);
  });

  it('does not wait when nothing was published', async () => {
    expect(await batchPushes().settle()).toEqual(NO_PUSHES);
  });
});
