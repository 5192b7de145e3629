import { describe, expect, it } from 'vitest';
import { CHECK_INTERVAL_OPTIONS, displayState } from '../../../shared/monitors/schemas.js';
import { formatInterval, formatResponseTime, intervalLabel, STATE_LABEL } from '../../../frontend/src/utils/monitor-format';

describe('monitor card formatting', () => {
  it('shows response time in whole milliseconds, a dash when there is none', () => {
    expect(formatResponseTime(0.2134)).toBe('213 ms');
    expect(formatResponseTime(1.5)).toBe('1500 ms');
    expect(formatResponseTime(null)).toBe('—');
  });

  it('shows the interval in minutes, and sub-minute intervals in seconds', () => {
    expect(formatInterval(300)).toBe('5 min');
    expect(formatInterval(3600)).toBe('60 min');
    expect(formatInterval(30)).toBe('30 s');
  });

  it("labels the form's interval options as the product lists them", () => {
    expect(CHECK_INTERVAL_OPTIONS.map(intervalLabel)).toEqual(['1 min', '5 min', '10 min', '15 min', '30 min', '1 hour']);
  });

  it('labels each display state, Pending before the first check', () => {
    expect(STATE_LABEL[displayState({ status: 'paused', is_up: true })]).toBe('Paused');
    expect(STATE_LABEL[displayState({ status: 'active', is_up: true })]).toBe('Online');
    expect(STATE_LABEL[displayState({ status: 'active', is_up: false })]).toBe('Offline');
    expect(STATE_LABEL[displayState({ status: 'active', is_up: null })]).toBe('Pending');
  });
});
