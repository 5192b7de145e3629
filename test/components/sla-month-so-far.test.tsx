import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { SlaFigures } from '../../shared/sla/figures.js';
import type { MonitorSlaMonth } from '../../shared/sla/views.js';
import { SlaMonthSoFar } from '../../frontend/src/features/monitor-details/components/sla-month-so-far';

/** The monitor page's month so far (docs/sla-reports.md "The month so far") against a stubbed API. */
const state = vi.hoisted(() => ({
  calls: [] as { name: string; input?: unknown }[],
  plan: null as null | string,
  own: null as number | null,
  tier: 'business' as 'free' | 'business',
}));

vi.mock('@/lib/workspace', () => ({ useWorkspaceTier: () => state.tier }));

const figures = (target: number): SlaFigures => ({
  from: '2026-11-01T00:00:00.000Z',
  to: '2026-11-28T09:00:00.000Z',
  target_percent: target,
  uptime_percent: 99.5,
  counted_minutes: 39_000,
  maintenance_minutes: 0,
  downtime_minutes: 195,
  budget_minutes: 39,
  budget_left_minutes: -156,
  met: false,
  incidents: [],
  mttr_minutes: null,
  mtbf_minutes: null,
  response_times: [],
});

vi.mock('@/lib/api-client', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../frontend/src/lib/api-client')>();
  return {
    ...actual,
    callApi: vi.fn(async (name: string, input?: { body?: { target_percent: number | null } }) => {
      state.calls.push({ name, input });
      if (state.plan) throw new actual.ApiError(403, 'PLAN_HAS_NO_SLA_REPORTS', state.plan);
      if (name === 'setMonitorSlaTarget') {
        state.own = input!.body!.target_percent;
        return {};
      }
      if (name === 'getMonitorSlaMonth') {
        return {
          month: '2026-11',
          figures: figures(state.own ?? 99.9),
          monitor_target_percent: state.own,
          workspace_target_percent: 99.9,
          choices: [99, 99.5, 99.9],
        } satisfies MonitorSlaMonth;
      }
      throw new Error(`unexpected call ${name}`);
    }),
  };
});

const show = () =>
  render(
    <MemoryRouter>
      <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
        <SlaMonthSoFar monitorId="m1" />
      </SWRConfig>
    </MemoryRouter>,
  );

beforeEach(() => {
  state.calls = [];
  state.plan = null;
  state.own = null;
  state.tier = 'business';
});

describe('the month so far on the monitor page', () => {
  it('shows uptime against the target and the budget left, and sets the monitor its own target', async () => {
    show();
    expect(await screen.findByText('SLA, November 2026 so far')).toBeTruthy();
    expect(screen.getByText('99.500 %')).toBeTruthy();
    expect(screen.getByText('-2 h 36 min')).toBeTruthy();
    const target = screen.getByLabelText('Target for this monitor') as HTMLSelectElement;
    expect(target.value).toBe('workspace');
    fireEvent.change(target, { target: { value: '99' } });
    await waitFor(() => expect(within(screen.getByText('Target').parentElement!).getByRole('definition').textContent).toBe('99 %'));
    expect(state.calls).toContainEqual({ name: 'setMonitorSlaTarget', input: { params: { id: 'm1' }, body: { target_percent: 99 } } });
  });

  it('asks nothing and draws nothing on a plan without SLA reports', async () => {
    state.tier = 'free';
    const { container } = show();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(state.calls).toEqual([]);
    expect(container.textContent).toBe('');
  });

  it('draws nothing when the server refuses for the plan (a plan changed meanwhile)', async () => {
    state.plan = 'SLA reports are part of the Business and Enterprise plans; this workspace is on the Free plan.';
    const { container } = show();
    await waitFor(() => expect(state.calls).toHaveLength(1));
    expect(container.textContent).toBe('');
  });
});
