import { describe, expect, it } from 'vitest';
import { openHourCounters, runningMaintenanceMinutes } from '../../../functions/services/status-pages/load-public-page.js';

/** Today's bar adds the hour still open, under the names closed hours are stored with (docs/status-pages.md "Daily rollups"). */
describe('openHourCounters', () => {
  it('names the open hour counters as stored rollups do, every numeric one, with their day', () => {
    expect(openHourCounters({ hour: '2026-11-27T10', checks: 4, ups: 3, responseTimeSumMs: 600, responseTimeCount: 3, maintenance: 2 })).toEqual({
      day: '2026-11-27',
      counters: { checks: 4, ups: 3, response_time_sum_ms: 600, response_time_count: 3, maintenance: 2 },
    });
  });

  it('is nothing without an open hour', () => {
    expect(openHourCounters(null)).toBeNull();
    expect(openHourCounters({ checks: 1 })).toBeNull();
  });
});

/** A window running now has not reached the day items yet: the page adds its minutes so far (docs/status-pages.md "Daily bars"). */
describe('runningMaintenanceMinutes', () => {
  const now = new Date('2026-11-27T01:00:00.000Z');
  it('counts the running occurrence from its start to now, by UTC day', () => {
    expect(runningMaintenanceMinutes({ window_id: 'W', starts_at: '2026-11-26T22:00:00.000Z', until: '2026-11-27T04:00:00.000Z', mode: 'pause_checks' }, now)).toEqual([
      { day: '2026-11-26', minutes: 120 },
      { day: '2026-11-27', minutes: 60 },
    ]);
  });

  it('is nothing without a stamp, or for one past its end (the boundary job is adding it to the days)', () => {
    expect(runningMaintenanceMinutes(undefined, now)).toEqual([]);
    expect(runningMaintenanceMinutes({ window_id: 'W', starts_at: '2026-11-26T22:00:00.000Z', until: '2026-11-27T01:00:00.000Z' }, now)).toEqual([]);
  });

  it('counts a monitor that joined the window while it ran from when it was stamped', () => {
    const stamp = { window_id: 'W', starts_at: '2026-11-26T22:00:00.000Z', until: '2026-11-27T04:00:00.000Z', mode: 'mute_alerts', stamped_at: '2026-11-27T00:30:00.000Z' };
    expect(runningMaintenanceMinutes(stamp, now)).toEqual([{ day: '2026-11-27', minutes: 30 }]);
  });
});
