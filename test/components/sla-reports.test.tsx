import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { SlaMonthList, SlaTargetsView } from '../../shared/sla/views.js';
import { SlaReportsSection } from '../../frontend/src/features/settings/components/sla-reports-section';

/** Settings -> SLA reports (docs/sla-reports.md "The Reports screen") against a stubbed API. */
const state = vi.hoisted(() => ({
  calls: [] as { name: string; input?: unknown }[],
  plan: null as null | string,
  target: 99.9,
}));

vi.mock('@/lib/api-client', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../frontend/src/lib/api-client')>();
  return {
    ...actual,
    callApi: vi.fn(async (name: string, input?: { body?: { target_percent: number } }) => {
      state.calls.push({ name, input });
      if (state.plan) throw new actual.ApiError(403, 'PLAN_HAS_NO_SLA_REPORTS', state.plan);
      if (name === 'listSlaMonths') return { current: '2026-11', months: ['2026-10', '2026-09'], retention_days: 365 } satisfies SlaMonthList;
      if (name === 'setSlaTarget') state.target = input!.body!.target_percent;
      if (name === 'getSlaTargets' || name === 'setSlaTarget') {
        return { target_percent: state.target, is_default: false, choices: [99, 99.5, 99.9, 99.95, 99.99, 99.999], monitors: [] } satisfies SlaTargetsView;
      }
      throw new Error(`unexpected call ${name}`);
    }),
    download: vi.fn(async (path: string, options: { query?: Record<string, unknown> }) => {
      state.calls.push({ name: `download ${path}`, input: options.query });
      return { blob: new Blob(['%PDF-']), filename: 'upwatch-sla-2026-09.pdf' };
    }),
  };
});
vi.mock('@/utils/save-file', () => ({ saveFile: vi.fn() }));

const show = (url = '/app/settings?section=sla') =>
  render(
    <MemoryRouter initialEntries={[url]}>
      <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
        <SlaReportsSection />
      </SWRConfig>
    </MemoryRouter>,
  );

beforeEach(() => {
  state.calls = [];
  state.plan = null;
  state.target = 99.9;
});

describe('Settings -> SLA reports', () => {
  it('opens on the month the mail links to and downloads its PDF', async () => {
    show('/app/settings?section=sla&month=2026-09');
    const month = (await screen.findByLabelText('Month')) as HTMLSelectElement;
    await waitFor(() => expect(month.value).toBe('2026-09'));
    expect([...month.options].map((option) => option.text)).toEqual(['November 2026 (so far)', 'October 2026', 'September 2026']);
    fireEvent.click(screen.getByRole('button', { name: 'Download PDF' }));
    expect(await screen.findByText('Downloaded upwatch-sla-2026-09.pdf.')).toBeTruthy();
    expect(state.calls).toContainEqual({ name: 'download /api/sla/reports/2026-09', input: { format: 'pdf' } });
  });

  it('saves a new target', async () => {
    show();
    const target = (await screen.findByLabelText('SLA target')) as HTMLSelectElement;
    fireEvent.change(target, { target: { value: '99.95' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save target' }));
    expect(await screen.findByText('Target saved: 99.95 %.')).toBeTruthy();
    expect(state.calls).toContainEqual({ name: 'setSlaTarget', input: { body: { target_percent: 99.95 } } });
  });

  it('tells a plan without SLA reports which plans have them', async () => {
    state.plan = 'SLA reports are part of the Business and Enterprise plans; this workspace is on the Pro plan.';
    show();
    expect(await screen.findByText(/this workspace is on the Pro plan\./)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See the plans' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Download PDF' })).toBeNull();
  });
});
