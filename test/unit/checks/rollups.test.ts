import { describe, expect, it } from 'vitest';
import {
  addRollups,
  advanceHour,
  averageResponseTime,
  hourBucket,
  hourBucketStart,
  rollupIncrement,
  uptimePercentage,
  withOpenHour,
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

describe('withOpenHour', () => {
  it('adds the open hour to the closed ones, replacing an earlier attempt at closing it', () => {
    const closed = [
      { hour: '2026-11-22T09', checks: 12, ups: 12, responseTimeSumMs: 0, responseTimeCount: 0 },
      { hour: '2026-11-22T10', checks: 3, ups: 3, responseTimeSumMs: 0, responseTimeCount: 0 },
    ];
    const open = { hour: '2026-11-22T10', checks: 5, ups: 4, responseTimeSumMs: 0, responseTimeCount: 0 };
    expect(withOpenHour(closed, open)).toEqual([closed[0], open]);
    expect(withOpenHour(closed, null)).toEqual(closed);
  });
});
