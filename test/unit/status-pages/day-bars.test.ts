import { describe, expect, it } from 'vitest';
import { componentBars, dayBar, lastUtcDays, minutesByUtcDay, uptimeOf } from '../../../shared/status-pages/day-bars.js';

/** docs/status-pages.md "Daily bars": 90 UTC days, maintenance left out, coloured by the worst of the day. */
const NOW = new Date('2026-11-27T10:30:00.000Z');

describe('lastUtcDays', () => {
  it('lists 90 UTC days, oldest first, ending today', () => {
    const days = lastUtcDays(NOW);
    expect(days).toHaveLength(90);
    expect(days.at(-1)).toBe('2026-11-27');
    expect(days[0]).toBe('2026-08-30');
    expect(lastUtcDays(new Date('2026-03-01T00:00:00.000Z'), 2)).toEqual(['2026-02-28', '2026-03-01']);
  });
});

describe('uptimeOf', () => {
  it('is up over checked rounds (maintenance rounds are counted apart); null without any', () => {
    expect(uptimeOf({ checks: 4, ups: 3 })).toBe(75);
    expect(uptimeOf({ checks: 6, ups: 6, maintenance: 4 })).toBe(100);
    expect(uptimeOf({ checks: 0, ups: 0, maintenance: 3 })).toBeNull();
    expect(uptimeOf({})).toBeNull();
  });
});

describe('dayBar', () => {
  const outage = { id: 'i1', title: 'Website is down', started_at: '2026-11-25T23:50:00.000Z', resolved_at: '2026-11-26T00:20:00.000Z', impact: 'major' as const };

  it('is no data for a day nobody checked, operational for a good one', () => {
    expect(dayBar('2026-11-20', undefined, [], NOW)).toEqual({ date: '2026-11-20', uptime: null, state: 'no_data', incidents: [] });
    expect(dayBar('2026-11-20', { checks: 10, ups: 10 }, [], NOW)).toMatchObject({ uptime: 100, state: 'operational' });
  });

  it('lists the incidents that touched the day (across midnight too) and takes the worst impact', () => {
    const slow = { ...outage, id: 'i2', title: 'Website is slower than usual', impact: 'degraded' as const, started_at: '2026-11-26T08:00:00.000Z', resolved_at: null };
    expect(dayBar('2026-11-25', { checks: 10, ups: 9 }, [outage], NOW)).toMatchObject({ state: 'major_outage', incidents: [{ id: 'i1', title: 'Website is down' }] });
    const next = dayBar('2026-11-26', { checks: 10, ups: 9 }, [outage, slow], NOW);
    expect(next.state).toBe('major_outage');
    expect(next.incidents.map((incident) => incident.id)).toEqual(['i1', 'i2']);
    // Still open: it touches every day up to now.
    expect(dayBar('2026-11-27', { checks: 1, ups: 1 }, [slow], NOW).state).toBe('degraded');
    expect(dayBar('2026-11-24', { checks: 1, ups: 1 }, [outage, slow], NOW).incidents).toEqual([]);
  });

  it('shows maintenance on a day with maintenance and no incident', () => {
    expect(dayBar('2026-11-20', { checks: 8, ups: 8, maintenance: 2 }, [], NOW)).toMatchObject({ state: 'maintenance', uptime: 100 });
    // A day spent wholly in maintenance: no uptime to show, and not "no data".
    expect(dayBar('2026-11-21', { checks: 0, ups: 0, maintenance: 288 }, [], NOW)).toMatchObject({ state: 'maintenance', uptime: null });
  });
});

describe('maintenance minutes (a window, checked or paused)', () => {
  it('shows maintenance on a day a pause_checks window covered, though it has no rounds at all', () => {
    // Paused for the whole day: no checks, and maintenance rather than a gap.
    expect(dayBar('2026-11-22', { maintenance_minutes: 1440 }, [], NOW)).toEqual({ date: '2026-11-22', uptime: null, state: 'maintenance', incidents: [] });
    // Paused for two hours of a checked day: the rest still gives the uptime.
    expect(dayBar('2026-11-23', { checks: 264, ups: 264, maintenance_minutes: 120 }, [], NOW)).toMatchObject({ state: 'maintenance', uptime: 100 });
  });

  it('still shows an incident the page lists on a maintenance day as the worse thing', () => {
    const outage = { id: 'i1', title: 'Website is down', started_at: '2026-11-23T05:00:00.000Z', resolved_at: '2026-11-23T05:30:00.000Z', impact: 'major' as const };
    expect(dayBar('2026-11-23', { checks: 10, ups: 9, maintenance_minutes: 60 }, [outage], NOW).state).toBe('major_outage');
  });

  it('splits a time range into its UTC days, rounding each share up to a whole minute', () => {
    expect(minutesByUtcDay(new Date('2026-11-22T23:00:00.000Z'), new Date('2026-11-23T01:30:00.000Z'))).toEqual([
      { day: '2026-11-22', minutes: 60 },
      { day: '2026-11-23', minutes: 90 },
    ]);
    expect(minutesByUtcDay(new Date('2026-11-22T10:00:00.000Z'), new Date('2026-11-22T10:00:20.000Z'))).toEqual([{ day: '2026-11-22', minutes: 1 }]);
    expect(minutesByUtcDay(new Date('2026-11-22T10:00:00.000Z'), new Date('2026-11-22T10:00:00.000Z'))).toEqual([]);
    expect(minutesByUtcDay(new Date('2026-11-20T00:00:00.000Z'), new Date('2026-11-22T00:00:00.000Z')).map((day) => day.minutes)).toEqual([1440, 1440]);
  });
});

describe('componentBars', () => {
  it('gives 90 bars and the uptime over the days with data', () => {
    const bars = componentBars(new Map([['2026-11-26', { checks: 10, ups: 10 }], ['2026-11-27', { checks: 10, ups: 5 }]]), [], NOW);
    expect(bars.days).toHaveLength(90);
    expect(bars.uptime_90d).toBe(75);
    expect(bars.days.filter((day) => day.state === 'no_data')).toHaveLength(88);
    expect(componentBars(new Map(), [], NOW).uptime_90d).toBeNull();
  });
});
