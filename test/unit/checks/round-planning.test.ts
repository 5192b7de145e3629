import { describe, expect, it } from 'vitest';
import { chunk } from '../../../shared/checks/check-job.js';
import {
  DISPATCH_SHARDS,
  phaseRangesInWindow,
  scheduleStartingSoon,
  shardOf,
  slotsInWindow,
  tickWindowStart,
  type CheckSchedule,
} from '../../../shared/checks/dispatch.js';

const at = (iso: string) => new Date(iso);
const epochSeconds = (date: Date) => date.getTime() / 1000;

/** Every slot of a schedule in [from, from + minutes), minute by minute, as the ticks would send them. */
const slotsOverMinutes = (schedule: CheckSchedule, from: Date, minutes: number): Date[] =>
  Array.from({ length: minutes }, (_, i) => slotsInWindow(schedule, new Date(from.getTime() + i * 60_000))).flat();

describe('slotsInWindow', () => {
  it('finds the one slot of a 5-minute monitor in the minute that holds it', () => {
    // 10:05:17 = phase 17 of a 300 s interval (10:00:00 is a multiple of 300 s).
    const schedule = { intervalSeconds: 300, phaseSeconds: 17 };
    expect(slotsInWindow(schedule, at('2026-11-22T10:05:00Z'))).toEqual([at('2026-11-22T10:05:17Z')]);
    expect(slotsInWindow(schedule, at('2026-11-22T10:06:00Z'))).toEqual([]);
  });

  it('gives a 30-second monitor two slots in every minute', () => {
    const schedule = { intervalSeconds: 30, phaseSeconds: 12 };
    expect(slotsInWindow(schedule, at('2026-11-22T10:00:00Z'))).toEqual([at('2026-11-22T10:00:12Z'), at('2026-11-22T10:00:42Z')]);
  });

  it('checks every interval exactly once per period, with no slot lost or repeated between ticks', () => {
    for (const intervalSeconds of [30, 45, 60, 90, 300, 600, 3600, 5000]) {
      for (const phaseSeconds of [0, 1, intervalSeconds - 1, Math.floor(intervalSeconds / 2)]) {
        const start = at('2026-11-22T00:00:00Z');
        const slots = slotsOverMinutes({ intervalSeconds, phaseSeconds }, start, 240);
        for (const slot of slots) expect(((epochSeconds(slot) % intervalSeconds) + intervalSeconds) % intervalSeconds).toBe(phaseSeconds);
        for (let i = 1; i < slots.length; i++) expect(epochSeconds(slots[i]!) - epochSeconds(slots[i - 1]!)).toBe(intervalSeconds);
        // Nothing missed at either end of the four hours.
        expect(epochSeconds(slots[0]!) - epochSeconds(start)).toBeLessThan(intervalSeconds);
        expect(epochSeconds(start) + 240 * 60 - epochSeconds(slots.at(-1)!)).toBeLessThanOrEqual(intervalSeconds);
      }
    }
  });
});

describe('phaseRangesInWindow', () => {
  it('selects exactly the phases that slotsInWindow finds a slot for', () => {
    for (const intervalSeconds of [30, 60, 90, 300, 3600]) {
      for (const minute of [0, 1, 7, 59, 61]) {
        const window = new Date(Date.parse('2026-11-22T10:00:00Z') + minute * 60_000);
        const ranges = phaseRangesInWindow(intervalSeconds, window);
        for (let phase = 0; phase < intervalSeconds; phase++) {
          const inRange = ranges.some(([from, to]) => phase >= from && phase <= to);
          expect(inRange, `interval ${intervalSeconds}, minute ${minute}, phase ${phase}`).toBe(
            slotsInWindow({ intervalSeconds, phaseSeconds: phase }, window).length > 0,
          );
        }
      }
    }
  });

  it('splits the range where it wraps around the interval', () => {
    // 10:01:00 is 60 s into a 90 s period: phases 60..89 and 0..29.
    expect(phaseRangesInWindow(90, at('2026-11-22T10:01:00Z'))).toEqual([[60, 89], [0, 29]]);
    expect(phaseRangesInWindow(30, at('2026-11-22T10:01:00Z'))).toEqual([[0, 29]]);
  });
});

describe('scheduleStartingSoon', () => {
  it('puts the first check in the next tick window for every interval', () => {
    const now = at('2026-11-22T10:00:20.500Z');
    for (const intervalSeconds of [30, 60, 300, 3600, 86_400]) {
      const schedule = scheduleStartingSoon('01M80SXMQY7MRMQCV0CMB4Z000', intervalSeconds, now);
      expect(schedule.phaseSeconds).toBeGreaterThanOrEqual(0);
      expect(schedule.phaseSeconds).toBeLessThan(intervalSeconds);
      expect(slotsInWindow(schedule, at('2026-11-22T10:01:00Z')).length).toBeGreaterThan(0);
    }
  });

  it('spreads monitors created in the same minute over its seconds', () => {
    const now = at('2026-11-22T10:00:20Z');
    const phases = new Set(
      Array.from({ length: 100 }, (_, i) => scheduleStartingSoon(`01M80SXMQY7MRMQCV0CMB4Z${i.toString(36).padStart(3, '0')}`, 300, now).phaseSeconds),
    );
    expect(phases.size).toBeGreaterThan(30);
  });

  it('takes the start of the minute as the tick window', () => {
    expect(tickWindowStart(at('2026-11-22T10:00:59.999Z'))).toEqual(at('2026-11-22T10:00:00Z'));
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
