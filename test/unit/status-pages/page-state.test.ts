import { describe, expect, it } from 'vitest';
import { componentState, overallState, type MonitorNow } from '../../../shared/status-pages/page-state.js';

/** docs/status-pages.md "The public page": component states and the banner rule. */
const up: MonitorNow = { isUp: true, slow: false, inMaintenance: false };
const down: MonitorNow = { isUp: false, slow: false, inMaintenance: false };

describe('componentState', () => {
  it('reads the checks: down is a major outage, slow is degraded, never checked is operational', () => {
    expect(componentState(up, null)).toBe('operational');
    expect(componentState(down, null)).toBe('major_outage');
    expect(componentState({ ...up, slow: true }, null)).toBe('degraded');
    expect(componentState({ isUp: null, slow: false, inMaintenance: false }, null)).toBe('operational');
  });

  it('shows maintenance inside a window, even while the checks see it down', () => {
    expect(componentState({ ...down, inMaintenance: true }, null)).toBe('maintenance');
  });

  it("lets the owner's impact override the checks", () => {
    expect(componentState(down, 'partial')).toBe('partial_outage');
    expect(componentState(up, 'degraded')).toBe('degraded');
    expect(componentState({ ...up, inMaintenance: true }, 'major')).toBe('major_outage');
  });
});

describe('overallState (the banner)', () => {
  const auto = (state: Parameters<typeof overallState>[0][number]['state']) => ({ state, byOwner: false });

  it('is all systems operational for an empty page or when all is well', () => {
    expect(overallState([])).toEqual({ state: 'operational', text: 'All systems operational' });
    expect(overallState([auto('operational'), auto('operational')]).text).toBe('All systems operational');
  });

  it('is the worst state: maintenance < degraded < partial outage', () => {
    expect(overallState([auto('operational'), auto('maintenance')]).text).toBe('Under maintenance');
    expect(overallState([auto('maintenance'), auto('degraded')]).text).toBe('Degraded performance');
    expect(overallState([auto('degraded'), auto('partial_outage')]).text).toBe('Partial outage');
  });

  it('reads some components down as a partial outage, every one down as a major outage', () => {
    expect(overallState([auto('major_outage'), auto('operational')])).toEqual({ state: 'partial_outage', text: 'Partial outage' });
    expect(overallState([auto('major_outage'), auto('major_outage')])).toEqual({ state: 'major_outage', text: 'Major outage' });
    expect(overallState([auto('major_outage')]).text).toBe('Major outage');
  });

  it("makes an owner's major impact a major outage for the page", () => {
    expect(overallState([{ state: 'major_outage', byOwner: true }, auto('operational')]).text).toBe('Major outage');
  });
});
