import { describe, expect, it } from 'vitest';
import { MaintenanceWindowInput, MAINTENANCE_TEXTS, ruleProblem } from '../../../shared/maintenance/schemas.js';

const valid = {
  title: ' Database upgrade ',
  timezone: 'Asia/Kolkata',
  starts_at: '2026-03-01T01:30',
  ends_at: '2026-03-01T03:30',
  rrule: 'RRULE:FREQ=WEEKLY;BYDAY=SU',
  monitor_ids: ['m1', 'm1', 'm2'],
};

const messagesOf = (input: Record<string, unknown>): string[] => {
  const result = MaintenanceWindowInput.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
};

describe('MaintenanceWindowInput', () => {
  it('reads a valid window, defaulting the mode and tidying the fields', () => {
    expect(MaintenanceWindowInput.parse(valid)).toEqual({
      title: 'Database upgrade',
      description: null,
      timezone: 'Asia/Kolkata',
      starts_at: '2026-03-01T01:30',
      ends_at: '2026-03-01T03:30',
      rrule: 'FREQ=WEEKLY;BYDAY=SU',
      monitor_ids: ['m1', 'm2'],
      status_page_id: null,
      mode: 'mute_alerts',
    });
    expect(MaintenanceWindowInput.parse({ ...valid, rrule: '', mode: 'pause_checks' })).toMatchObject({ rrule: null, mode: 'pause_checks' });
  });

  it('covers chosen monitors or a whole status page, exactly one of the two', () => {
    const { monitor_ids: _monitors, ...noMonitors } = valid;
    const page = '01KBPAGEAAAAAAAAAAAAAAAAAA';
    expect(MaintenanceWindowInput.parse({ ...noMonitors, status_page_id: page })).toMatchObject({ monitor_ids: [], status_page_id: page });
    // An empty list names no monitor, so it may come along with the page (a form sends both fields).
    expect(MaintenanceWindowInput.parse({ ...valid, monitor_ids: [], status_page_id: page })).toMatchObject({ monitor_ids: [], status_page_id: page });
    expect(messagesOf({ ...valid, status_page_id: page })).toEqual([MAINTENANCE_TEXTS.monitorsAndPage]);
    expect(messagesOf(noMonitors)).toEqual([MAINTENANCE_TEXTS.noCoverage]);
    expect(messagesOf({ ...noMonitors, status_page_id: null })).toEqual([MAINTENANCE_TEXTS.noCoverage]);
    expect(messagesOf({ ...noMonitors, status_page_id: '  ' })).toEqual([MAINTENANCE_TEXTS.noCoverage]);
    expect(messagesOf({ ...noMonitors, status_page_id: 42 })).toEqual(['status_page_id must be a status page id or null']);
  });

  it('refuses what docs/maintenance.md "Validation" lists, with its texts', () => {
    expect(messagesOf({ ...valid, timezone: 'Nowhere/Land' })).toEqual([MAINTENANCE_TEXTS.unknownTimeZone]);
    expect(messagesOf({ ...valid, ends_at: '2026-03-01T01:00' })).toEqual([MAINTENANCE_TEXTS.endBeforeStart]);
    expect(messagesOf({ ...valid, rrule: null, ends_at: '2026-03-08T01:31' })).toEqual([MAINTENANCE_TEXTS.tooLong]);
    expect(messagesOf({ ...valid, rrule: null, ends_at: '2026-03-08T01:30' })).toEqual([]);
    expect(messagesOf({ ...valid, monitor_ids: [] })).toEqual([MAINTENANCE_TEXTS.noMonitors]);
    expect(messagesOf({ ...valid, starts_at: '2026-02-30T01:30' })).toEqual(['Start must be a date and time like 2026-03-01T01:30']);
    expect(messagesOf({ ...valid, extra: true }).length).toBe(1);
  });
});

describe('ruleProblem', () => {
  const hour = 60 * 60 * 1000;
  it('accepts hourly and slower rules whose occurrences do not overlap', () => {
    expect(ruleProblem('FREQ=HOURLY', '2026-03-01T01:30', 30 * 60 * 1000)).toBeNull();
    expect(ruleProblem('FREQ=MONTHLY;BYDAY=1SU;COUNT=12', '2026-03-01T01:30', 2 * hour)).toBeNull();
    expect(ruleProblem('FREQ=WEEKLY;BYDAY=MO,WE,FR;UNTIL=20261231T000000', '2026-03-01T01:30', 2 * hour)).toBeNull();
  });

  it('refuses rules more often than hourly, however written', () => {
    for (const rule of ['FREQ=SECONDLY', 'FREQ=MINUTELY;INTERVAL=90', 'FREQ=HOURLY;INTERVAL=0', 'FREQ=HOURLY;BYMINUTE=0,30', 'FREQ=DAILY;BYHOUR=1;BYMINUTE=0,20,40']) {
      expect(ruleProblem(rule, '2026-03-01T01:30', 10 * 60 * 1000), rule).toBe(MAINTENANCE_TEXTS.tooOften);
    }
  });

  it('refuses rules that do not read, carry their own start, never happen or overlap', () => {
    for (const rule of ['nonsense', 'FREQ=SOMETIMES', 'BYDAY=SU', 'FREQ=WEEKLY;BYDAY=XX', 'FREQ=DAILY;INTERVAL=x', 'FREQ=DAILY;COUNT=0']) {
      expect(ruleProblem(rule, '2026-03-01T01:30', hour), rule).toBe(MAINTENANCE_TEXTS.badRule);
    }
    expect(ruleProblem('FREQ=DAILY;DTSTART=20260301T013000', '2026-03-01T01:30', hour)).toBe(MAINTENANCE_TEXTS.dtstartInRule);
    expect(ruleProblem('FREQ=DAILY;UNTIL=20260201T000000', '2026-03-01T01:30', hour)).toBe(MAINTENANCE_TEXTS.neverHappens);
    expect(ruleProblem('FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30', '2026-03-01T01:30', hour)).toBe(MAINTENANCE_TEXTS.neverHappens);
    expect(ruleProblem('FREQ=DAILY', '2026-03-01T01:30', 25 * hour)).toBe(MAINTENANCE_TEXTS.overlapping);
    expect(ruleProblem('FREQ=WEEKLY;BYDAY=SA,SU', '2026-03-01T01:30', 25 * hour)).toBe(MAINTENANCE_TEXTS.overlapping);
  });
});
