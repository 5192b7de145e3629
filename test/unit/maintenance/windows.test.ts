import { describe, expect, it } from 'vitest';
import {
  activeOccurrence,
  floatingRule,
  isKnownTimeZone,
  nextOccurrences,
  occurrencesBetween,
  parseWallClock,
  wallClockToUtc,
  type MaintenanceWindow,
} from '../../../shared/maintenance/windows.js';

function windowOf(fields: Partial<MaintenanceWindow>): MaintenanceWindow {
  return {
    id: 'w1',
    user_id: 'u1',
    title: 'Database upgrade',
    description: null,
    timezone: 'UTC',
    starts_at: '2026-01-04T01:30',
    ends_at: '2026-01-04T03:30',
    rrule: null,
    monitor_ids: ['m1'],
    status_page_id: null,
    mode: 'mute_alerts',
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
    ...fields,
  };
}

const at = (iso: string) => new Date(iso);
const spans = (window: MaintenanceWindow, from: string, to: string) =>
  occurrencesBetween(window, at(from), at(to)).map((o) => [o.starts_at, o.ends_at]);

describe('wallClockToUtc', () => {
  const utc = (wall: string, zone: string) => new Date(wallClockToUtc(parseWallClock(wall)!, zone)).toISOString();

  it('reads a time in a zone without daylight saving at its fixed offset', () => {
    expect(utc('2026-06-01T09:00', 'Asia/Kolkata')).toBe('2026-06-01T03:30:00.000Z');
  });

  it('starts a time inside the skipped hour at the next valid local time', () => {
    // 2026-03-08 02:00 EST the clocks jump to 03:00 EDT (07:00 UTC).
    expect(utc('2026-03-08T02:00', 'America/New_York')).toBe('2026-03-08T07:00:00.000Z');
    expect(utc('2026-03-08T02:30', 'America/New_York')).toBe('2026-03-08T07:00:00.000Z');
    expect(utc('2026-03-08T03:00', 'America/New_York')).toBe('2026-03-08T07:00:00.000Z');
    expect(utc('2026-03-08T01:59', 'America/New_York')).toBe('2026-03-08T06:59:00.000Z');
  });

  it('takes the first of the two in the repeated hour', () => {
    // 2026-11-01 01:00-02:00 happens twice: EDT (05:00-06:00 UTC), then EST (06:00-07:00 UTC).
    expect(utc('2026-11-01T01:30', 'America/New_York')).toBe('2026-11-01T05:30:00.000Z');
    expect(utc('2026-11-01T02:00', 'America/New_York')).toBe('2026-11-01T07:00:00.000Z');
  });

  it('handles a half-hour daylight-saving zone', () => {
    // Lord Howe moves by 30 minutes: 2026-10-04 02:00 +10:30 -> 02:30 +11:00.
    expect(utc('2026-10-04T02:15', 'Australia/Lord_Howe')).toBe('2026-10-03T15:30:00.000Z');
  });
});

describe('parseWallClock', () => {
  it('refuses a day that does not exist and text that is not a local time', () => {
    expect(parseWallClock('2026-02-30T10:00')).toBeNull();
    expect(parseWallClock('2026-02-10T24:00')).toBeNull();
    expect(parseWallClock('2026-02-10T10:00Z')).toBeNull();
    expect(parseWallClock('2026-02-10T10:00')).toBe(Date.UTC(2026, 1, 10, 10, 0));
  });
});

describe('isKnownTimeZone', () => {
  it('knows IANA zones and nothing else', () => {
    expect(isKnownTimeZone('Asia/Kolkata')).toBe(true);
    expect(isKnownTimeZone('Mars/Olympus')).toBe(false);
    expect(isKnownTimeZone('')).toBe(false);
  });
});

describe('a weekly window in Asia/Kolkata', () => {
  const window = windowOf({
    timezone: 'Asia/Kolkata',
    starts_at: '2026-03-01T01:30', // a Sunday
    ends_at: '2026-03-01T03:30',
    rrule: 'FREQ=WEEKLY;BYDAY=SU',
  });

  it('runs every Sunday 01:30-03:30 IST, 20:00-22:00 UTC the Saturday before, all year', () => {
    expect(spans(window, '2026-03-01T00:00:00Z', '2026-03-22T00:00:00Z')).toEqual([
      ['2026-03-07T20:00:00.000Z', '2026-03-07T22:00:00.000Z'],
      ['2026-03-14T20:00:00.000Z', '2026-03-14T22:00:00.000Z'],
      ['2026-03-21T20:00:00.000Z', '2026-03-21T22:00:00.000Z'],
    ]);
    expect(spans(window, '2026-10-30T00:00:00Z', '2026-11-02T00:00:00Z')).toEqual([
      ['2026-10-31T20:00:00.000Z', '2026-10-31T22:00:00.000Z'],
    ]);
  });

  it('includes the first occurrence, which starts before the range in UTC only', () => {
    expect(spans(window, '2026-02-28T20:30:00Z', '2026-02-28T21:00:00Z')).toEqual([
      ['2026-02-28T20:00:00.000Z', '2026-02-28T22:00:00.000Z'],
    ]);
  });

  it('is active inside an occurrence and not at its end', () => {
    expect(activeOccurrence(window, at('2026-03-14T21:59:59Z'))?.starts_at).toBe('2026-03-14T20:00:00.000Z');
    expect(activeOccurrence(window, at('2026-03-14T20:00:00Z'))?.ends_at).toBe('2026-03-14T22:00:00.000Z');
    expect(activeOccurrence(window, at('2026-03-14T22:00:00Z'))).toBeNull();
    expect(activeOccurrence(window, at('2026-03-14T19:59:59Z'))).toBeNull();
    expect(activeOccurrence(window, at('2026-02-21T21:00:00Z'))).toBeNull(); // before the first
  });
});

describe('a weekly window in America/New_York across both daylight-saving changes', () => {
  const window = windowOf({
    timezone: 'America/New_York',
    starts_at: '2026-03-01T01:30', // a Sunday, EST
    ends_at: '2026-03-01T03:30',
    rrule: 'FREQ=WEEKLY;BYDAY=SU',
  });

  it('starts at 01:30 local each Sunday: 06:30 UTC in winter, 05:30 UTC in summer', () => {
    expect(spans(window, '2026-03-01T00:00:00Z', '2026-03-16T00:00:00Z')).toEqual([
      ['2026-03-01T06:30:00.000Z', '2026-03-01T08:30:00.000Z'],
      // The change day: 01:30 EST, ends 03:30 EDT, an hour shorter in real time.
      ['2026-03-08T06:30:00.000Z', '2026-03-08T07:30:00.000Z'],
      ['2026-03-15T05:30:00.000Z', '2026-03-15T07:30:00.000Z'],
    ]);
  });

  it('starts at the first 01:30 on the fall-back Sunday, then at 06:30 UTC', () => {
    expect(spans(window, '2026-10-25T00:00:00Z', '2026-11-09T00:00:00Z')).toEqual([
      ['2026-10-25T05:30:00.000Z', '2026-10-25T07:30:00.000Z'],
      // 01:30 EDT to 03:30 EST: an hour longer in real time.
      ['2026-11-01T05:30:00.000Z', '2026-11-01T08:30:00.000Z'],
      ['2026-11-08T06:30:00.000Z', '2026-11-08T08:30:00.000Z'],
    ]);
  });

  it('mutes at the right instants around the spring change', () => {
    expect(activeOccurrence(window, at('2026-03-08T06:29:00Z'))).toBeNull();
    expect(activeOccurrence(window, at('2026-03-08T06:30:00Z'))).not.toBeNull();
    expect(activeOccurrence(window, at('2026-03-08T07:29:00Z'))).not.toBeNull();
    expect(activeOccurrence(window, at('2026-03-08T07:30:00Z'))).toBeNull();
    expect(activeOccurrence(window, at('2026-03-15T05:30:00Z'))?.starts_at).toBe('2026-03-15T05:30:00.000Z');
    expect(activeOccurrence(window, at('2026-03-15T06:29:00Z'))).not.toBeNull();
  });

  it('starts a window planned inside the skipped hour at 03:00 EDT on the change day', () => {
    const skipped = windowOf({
      timezone: 'America/New_York',
      starts_at: '2026-03-01T02:30',
      ends_at: '2026-03-01T04:00',
      rrule: 'FREQ=WEEKLY;BYDAY=SU',
    });
    expect(spans(skipped, '2026-03-01T00:00:00Z', '2026-03-16T00:00:00Z')).toEqual([
      ['2026-03-01T07:30:00.000Z', '2026-03-01T09:00:00.000Z'],
      ['2026-03-08T07:00:00.000Z', '2026-03-08T08:00:00.000Z'],
      ['2026-03-15T06:30:00.000Z', '2026-03-15T08:00:00.000Z'],
    ]);
  });

  it('keeps an occurrence wholly inside the skipped hour at its planned length', () => {
    const inside = windowOf({
      timezone: 'America/New_York',
      starts_at: '2026-03-08T02:10',
      ends_at: '2026-03-08T02:40',
    });
    expect(spans(inside, '2026-03-08T00:00:00Z', '2026-03-09T00:00:00Z')).toEqual([
      ['2026-03-08T07:00:00.000Z', '2026-03-08T07:30:00.000Z'],
    ]);
  });
});

describe('a one-off window', () => {
  const window = windowOf({ timezone: 'Europe/Berlin', starts_at: '2026-07-10T22:00', ends_at: '2026-07-11T02:00' });

  it('has its one occurrence, across midnight, in the zone', () => {
    expect(spans(window, '2026-01-01T00:00:00Z', '2027-01-01T00:00:00Z')).toEqual([
      ['2026-07-10T20:00:00.000Z', '2026-07-11T00:00:00.000Z'],
    ]);
    expect(spans(window, '2026-07-11T00:00:00Z', '2026-07-12T00:00:00Z')).toEqual([]);
    expect(activeOccurrence(window, at('2026-07-10T23:00:00Z'))?.window_id).toBe('w1');
  });

  it('has no next occurrence once it has ended', () => {
    expect(nextOccurrences(window, at('2026-07-10T21:00:00Z'), 5)).toHaveLength(1);
    expect(nextOccurrences(window, at('2026-07-11T00:00:00Z'), 5)).toEqual([]);
  });
});

describe('rules with UNTIL and COUNT', () => {
  it('stops after COUNT occurrences', () => {
    const window = windowOf({
      timezone: 'Asia/Kolkata',
      starts_at: '2026-05-01T10:00',
      ends_at: '2026-05-01T11:00',
      rrule: 'FREQ=DAILY;COUNT=3',
    });
    expect(spans(window, '2026-04-01T00:00:00Z', '2026-06-01T00:00:00Z').map(([start]) => start)).toEqual([
      '2026-05-01T04:30:00.000Z',
      '2026-05-02T04:30:00.000Z',
      '2026-05-03T04:30:00.000Z',
    ]);
  });

  it('stops at UNTIL, read as a local time in the zone', () => {
    const window = windowOf({
      timezone: 'America/New_York',
      starts_at: '2026-10-01T23:00',
      ends_at: '2026-10-02T01:00',
      rrule: 'FREQ=MONTHLY;BYMONTHDAY=1;UNTIL=20261201T230000',
    });
    expect(spans(window, '2026-09-01T00:00:00Z', '2027-06-01T00:00:00Z').map(([start]) => start)).toEqual([
      '2026-10-02T03:00:00.000Z',
      '2026-11-02T04:00:00.000Z',
      '2026-12-02T04:00:00.000Z',
    ]);
  });

  it('accepts a rule written with its RRULE: prefix', () => {
    const window = windowOf({ rrule: 'RRULE:FREQ=DAILY;COUNT=2' });
    expect(spans(window, '2026-01-01T00:00:00Z', '2026-02-01T00:00:00Z')).toHaveLength(2);
  });
});

describe('nextOccurrences', () => {
  const window = windowOf({
    timezone: 'America/New_York',
    starts_at: '2026-01-04T01:30',
    ends_at: '2026-01-04T03:30',
    rrule: 'FREQ=WEEKLY;BYDAY=SU',
  });

  it('lists the running occurrence first, then the next ones', () => {
    const next = nextOccurrences(window, at('2026-03-08T07:00:00Z'), 3).map((o) => o.starts_at);
    expect(next).toEqual(['2026-03-08T06:30:00.000Z', '2026-03-15T05:30:00.000Z', '2026-03-22T05:30:00.000Z']);
  });

  it('walks a frequent rule lazily far from its start', () => {
    const hourly = windowOf({ starts_at: '2020-01-01T00:00', ends_at: '2020-01-01T00:30', rrule: 'FREQ=HOURLY' });
    const next = nextOccurrences(hourly, at('2026-06-01T10:45:00Z'), 2).map((o) => o.starts_at);
    expect(next).toEqual(['2026-06-01T11:00:00.000Z', '2026-06-01T12:00:00.000Z']);
  });

  it('keeps the phase of INTERVAL far from the start, as walking from the start would', () => {
    for (const rrule of ['FREQ=WEEKLY;INTERVAL=2;BYDAY=SU,WE', 'FREQ=HOURLY;INTERVAL=5', 'FREQ=DAILY;INTERVAL=3;BYHOUR=4,16']) {
      const window = windowOf({ starts_at: '2024-01-07T04:10', ends_at: '2024-01-07T04:40', rrule });
      const walked = floatingRule(rrule, window.starts_at)
        .between(at('2026-05-31T00:00:00Z'), at('2026-08-01T00:00:00Z'), true)
        .filter((date) => date >= at('2026-06-01T00:00:00Z'))
        .slice(0, 6)
        .map((date) => date.toISOString());
      expect(nextOccurrences(window, at('2026-06-01T00:00:00Z'), 6).map((o) => o.starts_at)).toEqual(walked);
    }
  });
});
