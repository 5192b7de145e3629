import { describe, expect, it } from 'vitest';
import { describeSchedule, repeatChoiceOf, ruleOf } from '../../../frontend/src/features/maintenance/utils/schedule';

const at = { starts_at: '2026-03-01T01:30', ends_at: '2026-03-01T03:30', timezone: 'America/New_York' };

describe('describeSchedule', () => {
  it('puts the rules the form writes in plain words', () => {
    expect(describeSchedule({ ...at, rrule: 'FREQ=WEEKLY;BYDAY=SU' })).toBe('Every Sunday 01:30-03:30 (America/New_York)');
    expect(describeSchedule({ ...at, rrule: 'FREQ=WEEKLY;BYDAY=MO,WE,FR' })).toBe('Every Monday, Wednesday and Friday 01:30-03:30 (America/New_York)');
    expect(describeSchedule({ ...at, rrule: 'FREQ=WEEKLY' })).toBe('Every Sunday 01:30-03:30 (America/New_York)');
    expect(describeSchedule({ ...at, rrule: 'FREQ=DAILY' })).toBe('Every day 01:30-03:30 (America/New_York)');
    expect(describeSchedule({ ...at, rrule: 'FREQ=MONTHLY' })).toBe('Every month on the 1st 01:30-03:30 (America/New_York)');
    expect(describeSchedule({ ...at, starts_at: '2026-03-22T01:30', rrule: 'FREQ=MONTHLY' })).toMatch(/on the 22nd/);
    expect(describeSchedule({ ...at, rrule: null })).toBe('Once, Sun 1 Mar 2026 01:30-03:30 (America/New_York)');
  });

  it('leaves any other rule to its next occurrences', () => {
    expect(describeSchedule({ ...at, rrule: 'FREQ=WEEKLY;BYDAY=SU;COUNT=4' })).toBeNull();
    expect(describeSchedule({ ...at, rrule: 'FREQ=MONTHLY;BYDAY=1SU' })).toBeNull();
  });
});

describe('the Repeat choice', () => {
  it('reads back what it writes, and anything else as a custom rule', () => {
    for (const rule of [null, 'FREQ=DAILY', 'FREQ=MONTHLY', 'FREQ=WEEKLY;BYDAY=MO,SU']) {
      expect(ruleOf(repeatChoiceOf(rule, at.starts_at))).toBe(rule);
    }
    expect(repeatChoiceOf('FREQ=HOURLY;INTERVAL=6', at.starts_at)).toMatchObject({ kind: 'custom', custom: 'FREQ=HOURLY;INTERVAL=6' });
    expect(repeatChoiceOf(null, at.starts_at).days).toEqual(['SU']);
  });
});
