import { describe, expect, it } from 'vitest';
import { slotsInWindow } from '../../../shared/checks/dispatch.js';
import { scheduleAfterEdit } from '../../../functions/services/monitors/update-monitor.js';

const id = '01M80SXMQY7MRMQCV0CMB4Z000';
const now = new Date('2026-11-22T10:00:20Z');

describe('scheduleAfterEdit', () => {
  it('takes a paused monitor out of the schedule', () => {
    expect(scheduleAfterEdit({ status: 'active', check_interval: 300 }, { id, status: 'paused', check_interval: 300 }, now)).toBeNull();
  });

  it('gives a resumed monitor a place whose first check is in the next minute', () => {
    const schedule = scheduleAfterEdit({ status: 'paused', check_interval: 300 }, { id, status: 'active', check_interval: 300 }, now);
    expect(schedule).not.toBeNull();
    expect(schedule).not.toBe('unchanged');
    expect(slotsInWindow(schedule as Exclude<typeof schedule, null | 'unchanged'>, new Date('2026-11-22T10:01:00Z'))).toHaveLength(1);
  });

  it('moves an active monitor whose interval changed, and keeps one whose interval did not', () => {
    const moved = scheduleAfterEdit({ status: 'active', check_interval: 300 }, { id, status: 'active', check_interval: 3600 }, now);
    expect(moved).toMatchObject({ intervalSeconds: 3600 });
    expect(scheduleAfterEdit({ status: 'active', check_interval: 300 }, { id, status: 'active', check_interval: 300 }, now)).toBe('unchanged');
  });
});
