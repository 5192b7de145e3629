import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { DashboardStats } from '../../shared/insights/schemas.js';
import { TEXT } from '../../shared/texts.js';
import { DashboardView } from '../../frontend/src/features/dashboard/components/dashboard-view';
import { renderWithRouter } from './render';

const state = vi.hoisted(() => ({ stats: undefined as unknown }));

vi.mock('@/features/dashboard/api/get-dashboard-stats', () => ({
  useDashboardStats: () => ({ data: state.stats, error: undefined, mutate: vi.fn() }),
}));

const stats = (overrides: Partial<DashboardStats> = {}): DashboardStats =>
  ({
    total_monitors: 0,
    up_monitors: 0,
    down_monitors: 0,
    slow_monitors: 0,
    paused_monitors: 0,
    uptime_percentage: 100,
    recent_incidents: [],
    ...overrides,
  }) as DashboardStats;

/** The Uptime card's value and subtitle. */
const uptimeCard = () => {
  return screen.getByText('Uptime').closest('div')?.textContent ?? '';
};

describe('the dashboard of an account', () => {
  beforeEach(() => {
    state.stats = undefined;
  });

  it('without monitors says there is nothing to measure yet: no "100 %", no all-clear', () => {
    state.stats = stats();
    renderWithRouter(<DashboardView />);
    expect(uptimeCard()).toContain('—');
    expect(uptimeCard()).toContain('Nothing to measure yet');
    expect(uptimeCard()).not.toMatch(/100/);
    expect(screen.queryByText(TEXT.noRecentIncidents)).toBeNull();
    expect(screen.getByTestId('nothing-to-measure').textContent).toBe(
      'Nothing to measure yet. Add a monitor and Upwatch starts checking it; its incidents will show here.',
    );
  });

  it('with monitors and a quiet day shows the uptime and the all-clear', () => {
    state.stats = stats({ total_monitors: 2, up_monitors: 2, uptime_percentage: 99.5 });
    renderWithRouter(<DashboardView />);
    expect(uptimeCard()).toContain('Last 24 hours');
    expect(uptimeCard()).not.toContain('Nothing to measure yet');
    expect(screen.getByText(TEXT.noRecentIncidents)).toBeTruthy();
  });
});
