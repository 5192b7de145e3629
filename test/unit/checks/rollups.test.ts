import { describe, expect, it } from 'vitest';
import {
  addRollups,
  advanceHour,
  advanceHours,
  averageResponseTime,
  HOUR_CLOSE_SPREAD_MS,
  hourCloseDelayMs,
  hourBucket,
  hourBucketStart,
  rollupIncrement,
  uptimePercentage,
  unclosedList,
  withOpenHours,
  type HourlyRollup,
} from '../../../shared/checks/rollups.js';

const at = (iso: string) => new Date(iso);
const bucket = (hour: string, checks: number, ups: number, avgMs = 200): HourlyRollup => ({
  hour,
  checks,
  ups,
  responseTimeSumMs: ups * avgMs,
  responseTimeCount: ups,
});

describe('hourBucket', () => {
  it('is the UTC hour as YYYY-MM-DDTHH', () => {
    expect(hourBucket(at('2026-03-02T10:59:59.999Z'))).toBe('2026-03-02T10');
    expect(hourBucket(at('2026-03-02T16:30:00+05:30'))).toBe('2026-03-02T11');
  });

  it('starts at the top of the hour', () => {
    expect(hourBucketStart('2026-03-02T10')).toBe(Date.parse('2026-03-02T10:00:00Z'));
  });
});

describe('rollupIncrement', () => {
  it('counts an up round as a check, an up and a timed response', () => {
    expect(rollupIncrement({ verdict: 'up', responseTimeMs: 250 })).toEqual({
      checks: 1,
      ups: 1,
      responseTimeSumMs: 250,
      responseTimeCount: 1,
    });
  });

  it('counts a down round as a check without an up or a response time', () => {
    expect(rollupIncrement({ verdict: 'down', responseTimeMs: 250 })).toEqual({
      checks: 1,
      ups: 0,
      responseTimeSumMs: 0,
      responseTimeCount: 0,
    });
  });

  it('adds nothing for a round without votes (a gap, not an up)', () => {
    expect(rollupIncrement({ verdict: 'no_quorum', responseTimeMs: null })).toBeNull();
  });

  it('adds increments field by field', () => {
    const one = rollupIncrement({ verdict: 'up', responseTimeMs: 100 })!;
    const two = rollupIncrement({ verdict: 'down', responseTimeMs: null })!;
    expect(addRollups(one, two)).toEqual({ checks: 2, ups: 1, responseTimeSumMs: 100, responseTimeCount: 1 });
  });
});

describe('uptimePercentage', () => {
  const from = at('2026-03-02T10:00:00Z');
  const to = at('2026-03-02T14:00:00Z');

  it('skips hours without data instead of counting them up', () => {
    // 10:00 all up, 11:00 and 13:00 missing (gaps), 12:00 half down.
    const buckets = [bucket('2026-03-02T10', 12, 12), bucket('2026-03-02T12', 12, 6)];
    expect(uptimePercentage(buckets, from, to)).toBe(75);
  });

  it('treats an hour stored with zero checks as a gap too', () => {
    expect(uptimePercentage([bucket('2026-03-02T10', 0, 0), bucket('2026-03-02T11', 4, 3)], from, to)).toBe(75);
  });

  it('is null when the window has no data at all', () => {
    expect(uptimePercentage([], from, to)).toBeNull();
    expect(uptimePercentage([bucket('2026-03-01T10', 12, 12)], from, to)).toBeNull();
  });

  it('weighs hours by their checks', () => {
    expect(uptimePercentage([bucket('2026-03-02T10', 60, 60), bucket('2026-03-02T11', 12, 0)], from, to)).toBeCloseTo(83.333, 3);
  });

  it('leaves out hours outside the window and counts partly covered ones', () => {
    const buckets = [bucket('2026-03-02T09', 12, 0), bucket('2026-03-02T10', 12, 12), bucket('2026-03-02T14', 12, 0)];
    expect(uptimePercentage(buckets, from, to)).toBe(100);
    expect(uptimePercentage(buckets, at('2026-03-02T09:30:00Z'), to)).toBe(50);
  });

  it('is 0 when every check in the window was down', () => {
    expect(uptimePercentage([bucket('2026-03-02T11', 12, 0)], from, to)).toBe(0);
  });
});

describe('averageResponseTime', () => {
  const from = at('2026-03-02T10:00:00Z');
  const to = at('2026-03-02T12:00:00Z');

  it('averages the timed up rounds across hours, in milliseconds', () => {
    expect(averageResponseTime([bucket('2026-03-02T10', 4, 3, 100), bucket('2026-03-02T11', 2, 1, 500)], from, to)).toBe(200);
  });

  it('is null without any timed round', () => {
    expect(averageResponseTime([bucket('2026-03-02T10', 4, 0)], from, to)).toBeNull();
    expect(averageResponseTime([], from, to)).toBeNull();
  });
});

describe('advanceHour', () => {
  const one = { checks: 1, ups: 1, responseTimeSumMs: 120, responseTimeCount: 1 };
  const down = { checks: 1, ups: 0, responseTimeSumMs: 0, responseTimeCount: 0 };

  it('starts the open hour with the first round', () => {
    expect(advanceHour(null, '2026-11-22T10', one)).toEqual({ open: { hour: '2026-11-22T10', ...one }, closed: null });
  });

  it('adds rounds of the same hour to the open one', () => {
    const { open } = advanceHour({ hour: '2026-11-22T10', ...one }, '2026-11-22T10', down);
    expect(open).toEqual({ hour: '2026-11-22T10', checks: 2, ups: 1, responseTimeSumMs: 120, responseTimeCount: 1 });
  });

  it('closes the open hour when a round of a later hour comes', () => {
    const before = { hour: '2026-11-22T10', checks: 12, ups: 11, responseTimeSumMs: 1200, responseTimeCount: 11 };
    expect(advanceHour(before, '2026-11-22T11', down)).toEqual({ open: { hour: '2026-11-22T11', ...down }, closed: before });
  });

  it('leaves everything as it was for a round without votes', () => {
    const before = { hour: '2026-11-22T10', ...one };
    expect(advanceHour(before, '2026-11-22T12', null)).toEqual({ open: before, closed: null });
  });
});

describe('advanceHours: an ended hour waits for its monitor\'s moment to close', () => {
  const one = { checks: 1, ups: 1, responseTimeSumMs: 120, responseTimeCount: 1 };
  const ten = { hour: '2026-11-22T10', checks: 12, ups: 11, responseTimeSumMs: 1200, responseTimeCount: 11 };
  const slot = (iso: string) => ({ hour: iso.slice(0, 13), at: Date.parse(iso) });
  const delay = 5 * 60_000;

  it('keeps the ended hour as closing at the first round of the next, and closes it at the first round past its moment', () => {
    const first = advanceHours({ open: ten, closing: null }, slot('2026-11-22T11:00:00.000Z'), one, delay);
    expect(first).toEqual({ open: { hour: '2026-11-22T11', ...one }, closing: ten, closed: null });
    const before = advanceHours(first, slot('2026-11-22T11:04:30.000Z'), one, delay);
    expect(before).toMatchObject({ open: { hour: '2026-11-22T11', checks: 2 }, closing: ten, closed: null });
    const at = advanceHours(before, slot('2026-11-22T11:05:00.000Z'), one, delay);
    expect(at).toEqual({ open: { hour: '2026-11-22T11', checks: 3, ups: 3, responseTimeSumMs: 360, responseTimeCount: 3 }, closing: null, closed: ten });
  });

  it('closes at once a round that comes past the moment, and a monitor whose moment is 0 at the first round', () => {
    expect(advanceHours({ open: ten, closing: null }, slot('2026-11-22T11:07:00.000Z'), one, delay)).toEqual({
      open: { hour: '2026-11-22T11', ...one },
      closing: null,
      closed: ten,
    });
    expect(advanceHours({ open: ten, closing: null }, slot('2026-11-22T11:00:00.000Z'), one, 0).closed).toEqual(ten);
  });

  it('closes the waiting hour at once when another ends, so none waits past the next', () => {
    const eleven = { hour: '2026-11-22T11', ...one };
    expect(advanceHours({ open: eleven, closing: ten }, slot('2026-11-22T12:01:00.000Z'), one, delay)).toEqual({
      open: { hour: '2026-11-22T12', ...one },
      closing: eleven,
      closed: ten,
    });
  });

  it('lets a round without votes close the waiting hour, and count nothing', () => {
    const open = { hour: '2026-11-22T11', ...one };
    expect(advanceHours({ open, closing: ten }, slot('2026-11-22T11:06:00.000Z'), null, delay)).toEqual({ open, closing: null, closed: ten });
  });

  it("spreads monitors' moments over the spread, the same in every process", () => {
    const delays = Array.from({ length: 2000 }, (_, i) => hourCloseDelayMs(`01M8HAG55VWYHJ2BDAY2E3E${String(i).padStart(3, '0')}`));
    expect(Math.min(...delays)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...delays)).toBeLessThan(HOUR_CLOSE_SPREAD_MS);
    // Each tenth of the spread gets between half and one and a half times its share.
    const tenths = Array.from({ length: 10 }, (_, k) => delays.filter((d) => Math.floor((d / HOUR_CLOSE_SPREAD_MS) * 10) === k).length);
    for (const count of tenths) expect(count).toBeGreaterThan(100);
    for (const count of tenths) expect(count).toBeLessThan(300);
    expect(hourCloseDelayMs('M1')).toBe(hourCloseDelayMs('M1'));
  });
});

describe('withOpenHours', () => {
  it('adds the unclosed hours to the closed ones, replacing an earlier attempt at closing one', () => {
    const closed = [
      { hour: '2026-11-22T09', checks: 12, ups: 12, responseTimeSumMs: 0, responseTimeCount: 0 },
      { hour: '2026-11-22T10', checks: 3, ups: 3, responseTimeSumMs: 0, responseTimeCount: 0 },
    ];
    const closing = { hour: '2026-11-22T10', checks: 5, ups: 4, responseTimeSumMs: 0, responseTimeCount: 0 };
    const open = { hour: '2026-11-22T11', checks: 1, ups: 1, responseTimeSumMs: 0, responseTimeCount: 0 };
    expect(withOpenHours(closed, unclosedList({ open, closing }))).toEqual([closed[0], closing, open]);
    expect(withOpenHours(closed, unclosedList({ open: null, closing: null }))).toEqual(closed);
  });
});
