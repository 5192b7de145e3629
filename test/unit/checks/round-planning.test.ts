import { describe, expect, it } from 'vitest';
import { chunk } from '../../../shared/checks/check-job.js';
import { DISPATCH_SHARDS, planRounds, shardOf } from '../../../shared/checks/dispatch.js';

const at = (iso: string) => new Date(iso);

describe('planRounds', () => {
  it('sends one round at the due time and schedules the next one interval later', () => {
    const plan = planRounds({ dueAt: at('2026-11-22T10:00:00Z'), now: at('2026-11-22T10:00:20Z'), intervalSeconds: 300 });
    expect(plan.rounds).toEqual([{ at: at('2026-11-22T10:00:00Z'), delaySeconds: 0 }]);
    expect(plan.nextDueAt).toEqual(at('2026-11-22T10:05:00Z'));
  });

  it('gives a 30-second monitor a second round delayed by 30 s in the same tick', () => {
    const plan = planRounds({ dueAt: at('2026-11-22T10:00:00Z'), now: at('2026-11-22T10:00:05Z'), intervalSeconds: 30 });
    expect(plan.rounds).toEqual([
      { at: at('2026-11-22T10:00:00Z'), delaySeconds: 0 },
      { at: at('2026-11-22T10:00:30Z'), delaySeconds: 30 },
    ]);
    expect(plan.nextDueAt).toEqual(at('2026-11-22T10:01:00Z'));
  });

  it('checks a monitor that fell behind once, now, instead of once per missed slot', () => {
    const plan = planRounds({ dueAt: at('2026-11-22T09:00:00Z'), now: at('2026-11-22T10:00:10Z'), intervalSeconds: 300 });
    expect(plan.rounds).toEqual([{ at: at('2026-11-22T10:00:10Z'), delaySeconds: 0 }]);
    expect(plan.nextDueAt).toEqual(at('2026-11-22T10:05:10Z'));
  });
});

describe('shardOf', () => {
  it('is stable and spreads ids over every shard', () => {
    const ids = Array.from({ length: 400 }, (_, i) => `01M80SXMQY7MRMQCV0CMB4Z${i.toString(36).padStart(3, '0')}`);
    expect(shardOf(ids[0]!)).toBe(shardOf(ids[0]!));
    const counts = new Array<number>(DISPATCH_SHARDS).fill(0);
    for (const id of ids) counts[shardOf(id)]!++;
    for (const count of counts) expect(count).toBeGreaterThan(400 / DISPATCH_SHARDS / 2);
  });
});

describe('chunk', () => {
  it('packs items into groups of at most the given size, in order', () => {
    expect(chunk([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
    expect(chunk([], 50)).toEqual([]);
  });
});
