import { describe, expect, it } from 'vitest';
import { describeSchedule, SCHEDULED_FUNCTIONS } from '../../../infra/event-sources.js';
import { cronPlan, nextCronTime, ratePlan, tickPlanOf } from '../../../infra/local/schedule-timer.js';

const at = (iso: string): number => Date.parse(iso);
const iso = (ms: number): string => new Date(ms).toISOString();

describe('the local timer\'s tick times', () => {
  it('ticks a rate schedule on the boundaries of its period, and once at start for the period it starts in', () => {
    const plan = ratePlan(5 * 60_000);
    expect(iso(plan.next(at('2030-01-07T10:02:13Z')))).toBe('2030-01-07T10:05:00.000Z');
    expect(iso(plan.next(at('2030-01-07T10:05:00Z')))).toBe('2030-01-07T10:10:00.000Z');
    expect(iso(plan.atStart(at('2030-01-07T10:02:13Z'))!)).toBe('2030-01-07T10:00:00.000Z');
  });

  it('ticks a daily cron at its UTC time, the same day when that is still ahead', () => {
    const daily = { hour: 9, minute: 0 };
    expect(iso(nextCronTime(at('2030-01-07T08:59:59Z'), daily))).toBe('2030-01-07T09:00:00.000Z');
    expect(iso(nextCronTime(at('2030-01-07T09:00:00Z'), daily))).toBe('2030-01-08T09:00:00.000Z');
    expect(iso(nextCronTime(at('2030-12-31T23:30:00Z'), daily))).toBe('2031-01-01T09:00:00.000Z');
  });

  it('ticks a weekday cron only on that weekday, and never at start', () => {
    const mondays = { hour: 9, minute: 0, weekDay: 'MON' as const };
    // 2030-01-07 is a Monday.
    expect(iso(nextCronTime(at('2030-01-07T08:00:00Z'), mondays))).toBe('2030-01-07T09:00:00.000Z');
    expect(iso(nextCronTime(at('2030-01-07T09:00:00Z'), mondays))).toBe('2030-01-14T09:00:00.000Z');
    expect(iso(nextCronTime(at('2030-01-09T12:00:00Z'), mondays))).toBe('2030-01-14T09:00:00.000Z');
    expect(cronPlan(mondays).atStart(at('2030-01-07T09:00:30Z'))).toBeNull();
  });

  it('plans every row of infra/event-sources.ts, the reports at 9 AM UTC', () => {
    const after = at('2030-01-08T10:00:00Z');
    const next = Object.fromEntries(SCHEDULED_FUNCTIONS.map((row) => [row.name, iso(tickPlanOf(row).next(after))]));
    expect(next).toMatchObject({
      dispatcher: '2030-01-08T10:01:00.000Z',
      'outbox-sweeper': '2030-01-08T10:05:00.000Z',
      'daily-report': '2030-01-09T09:00:00.000Z',
      'weekly-report': '2030-01-14T09:00:00.000Z',
      'monthly-sla-report': '2030-02-01T06:00:00.000Z',
    });
    expect(SCHEDULED_FUNCTIONS.map(describeSchedule)).toEqual(
      expect.arrayContaining(['every 1 min', 'every 5 min', 'daily at 09:00 UTC', 'MON at 09:00 UTC', 'day 1 of each month at 06:00 UTC']),
    );
  });
});
