import { describe, expect, it } from 'vitest';
import type { HourlyRollup } from '../../../shared/checks/rollups.js';
import {
  combinedUptime,
  countMonitorStates,
  roundPercentage,
  uptimeWindow,
} from '../../../functions/services/insights/dashboard-figures.js';

const NOW = new Date('2025-03-10T12:30:00.000Z');
const window = uptimeWindow(NOW);

const hour = (label: string, checks: number, ups: number): HourlyRollup => ({
  hour: label,
  checks,
  ups,
  responseTimeSumMs: ups * 100,
  responseTimeCount: ups,
});

describe('countMonitorStates', () => {
  it('counts active monitors as up or down; paused and never-checked ones only in the total', () => {
    const counts = countMonitorStates([
      { status: 'active', is_up: true },
      { status: 'active', is_up: true },
      { status: 'active', is_up: false },
      { status: 'active', is_up: null },
      { status: 'paused', is_up: true },
      { status: 'paused', is_up: false },
    ]);
    expect(counts).toEqual({ total_monitors: 6, up_monitors: 2, down_monitors: 1, paused_monitors: 2, slow_monitors: 0 });
  });

  it('counts a monitor slower than its threshold as up and slow', () => {
    const counts = countMonitorStates([
      { status: 'active', is_up: true, response_time: 6, slow_threshold: 5 },
      { status: 'active', is_up: true, response_time: 1.5, slow_threshold: 1 },
      { status: 'active', is_up: true, response_time: 0.4, slow_threshold: 5 },
      { status: 'active', is_up: false, response_time: 9, slow_threshold: 5 },
    ]);
    expect(counts).toEqual({ total_monitors: 4, up_monitors: 3, down_monitors: 1, paused_monitors: 0, slow_monitors: 2 });
  });

  it('is all zeros without monitors', () => {
    expect(countMonitorStates([])).toEqual({ total_monitors: 0, up_monitors: 0, down_monitors: 0, paused_monitors: 0, slow_monitors: 0 });
  });
});

describe('uptimeWindow', () => {
  it('covers the last 24 hours and the 25 hour buckets that overlap them', () => {
    expect(window).toEqual({
      from: new Date('2025-03-09T12:30:00.000Z'),
      to: NOW,
      fromHour: '2025-03-09T12',
      toHour: '2025-03-10T12',
    });
  });
});

describe('roundPercentage', () => {
  it('keeps two decimals', () => {
    expect(roundPercentage(99.12345)).toBe(99.12);
    expect(roundPercentage(200 / 3)).toBe(66.67);
    expect(roundPercentage(100)).toBe(100);
    expect(roundPercentage(0)).toBe(0);
  });

  it('never rounds a little downtime up to a perfect 100, nor a little uptime down to 0', () => {
    expect(roundPercentage(99.996)).toBe(99.99);
    expect(roundPercentage(0.004)).toBe(0.01);
  });
});

describe('combinedUptime', () => {
  it('is the product\'s default 100 when no monitor has data in the window', () => {
    expect(combinedUptime([], window)).toBe(100);
    expect(combinedUptime([[], []], window)).toBe(100);
  });

  it('ignores hours outside the last 24 hours', () => {
    const old = [hour('2025-03-09T11', 12, 0), hour('2025-03-10T12', 4, 4)];
    expect(combinedUptime([old], window)).toBe(100);
  });

  it('counts the hour the window starts in and the hour still running', () => {
    const edges = [hour('2025-03-09T12', 4, 0), hour('2025-03-10T12', 4, 4)];
    expect(combinedUptime([edges], window)).toBe(50);
  });

  it('weighs every monitor the same, however often it is checked', () => {
    const everyThirtySeconds = [hour('2025-03-10T10', 120, 120), hour('2025-03-10T11', 120, 120)];
    const hourlyAndDown = [hour('2025-03-10T10', 1, 0), hour('2025-03-10T11', 1, 0)];
    expect(combinedUptime([everyThirtySeconds, hourlyAndDown], window)).toBe(50);
  });

  it('leaves monitors without data out of the mean instead of counting them as up', () => {
    const halfDown = [hour('2025-03-10T09', 10, 5)];
    expect(combinedUptime([halfDown, []], window)).toBe(50);
  });

  it('rounds the mean to two decimals', () => {
    const twoThirds = [hour('2025-03-10T09', 3, 2)];
    expect(combinedUptime([twoThirds], window)).toBe(66.67);
    const nearlyPerfect = [hour('2025-03-10T09', 100_000, 99_999)];
    expect(combinedUptime([nearlyPerfect], window)).toBe(99.99);
  });
});
