import { fireEvent, screen, within } from '@testing-library/react';
import { SWRConfig } from 'swr';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AnalyticsStep, MonitorAnalytics, PeriodFigures } from '../../shared/insights/analytics.js';
import { AnalyticsPanel } from '../../frontend/src/features/monitor-details/components/analytics/analytics-panel';
import { renderWithRouter } from './render';

const state = vi.hoisted(() => ({ answers: {} as Record<string, unknown>, queries: [] as unknown[] }));

vi.mock('@/lib/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../frontend/src/lib/api-client')>()),
  callApi: vi.fn(async (_name: string, input: { query: { period: string } }) => {
    state.queries.push(input.query);
    return state.answers[input.query.period];
  }),
}));

const figures = (p95: number | null, uptime: number | null): PeriodFigures => ({
  from: '2026-11-27T09:00:00.000Z',
  to: '2026-11-28T08:20:00.000Z',
  uptime,
  percentiles: {
    all: { p50_ms: p95 && 120, p95_ms: p95, p99_ms: p95 && 480, answers: p95 ? 1440 : 0 },
    regions: p95 ? [{ region: 'eu-west-1', p50_ms: 110, p95_ms: 290, p99_ms: 400, answers: 720 }, { region: 'us-east-1', p50_ms: 130, p95_ms: 330, p99_ms: 520, answers: 720 }] : [],
  },
  phases: { dns_ms: 4, connect_ms: 20, tls_ms: 30, ttfb_ms: 80 },
});

const steps = (count: number, withIncident: boolean): AnalyticsStep[] =>
  Array.from({ length: count }, (_, i) => ({
    start: new Date(Date.UTC(2026, 10, 27, 9 + i)).toISOString(),
    checks: 12,
    uptime: withIncident && i === count - 2 ? 91.67 : 100,
    p95_ms: 312,
    phases: { dns_ms: 4, connect_ms: 20, tls_ms: 30, ttfb_ms: 80 },
    incidents: withIncident && i === count - 2 ? [{ id: '01JINCIDENT0000000000000AA', alert_type: 'down', title: 'Website Down', started_at: '2026-11-28T07:10:00.000Z', status: 'resolved' }] : [],
  }));

const analytics = (overrides: Partial<MonitorAnalytics>): MonitorAnalytics => ({
  monitor_id: 'M1',
  period: '24h',
  unit: 'hour',
  offered_periods: ['24h'],
  upgrade_periods: ['7d', '30d', '90d'],
  current: figures(312, 99.5),
  previous: figures(339, 99.92),
  previous_note: null,
  steps: steps(24, true),
  ...overrides,
});

const panel = (monitorType: 'http' | 'heartbeat' = 'http') =>
  renderWithRouter(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <AnalyticsPanel monitor={{ id: 'M1', monitor_type: monitorType }} />
    </SWRConfig>,
  );

beforeAll(() => {
  // The charts draw at the width of their frame (use-element-width.ts); jsdom lays nothing out.
  globalThis.ResizeObserver = class {
    constructor(private readonly callback: (entries: { contentRect: { width: number } }[]) => void) {}
    observe() {
      this.callback([{ contentRect: { width: 640 } }]);
    }
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
});

describe('the analytics panel of a monitor page', () => {
  beforeEach(() => {
    state.queries = [];
  });

  it('on Free: the 24-hour view with percentiles per region, the comparison, incidents marked, and an honest invitation to upgrade', async () => {
    state.answers = { '24h': analytics({}) };
    panel();
    expect(await screen.findByText('p95 312 ms, 8% faster than the 24 hours before')).toBeTruthy();
    expect(screen.getByText('Uptime 99.5%, 0.42 points lower than the 24 hours before')).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'Analytics period' })).toBeNull();
    const table = screen.getByRole('table', { name: 'Response time percentiles' });
    const rows = within(table).getAllByRole('row').map((row) => row.textContent);
    expect(rows[1]).toBe('All regions120 ms312 ms480 ms1,4408% faster');
    expect(rows[2]).toContain('eu-west-1');
    expect(screen.getAllByTestId('incident-mark')).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Website Down' }).getAttribute('href')).toBe('/app/incidents/01JINCIDENT0000000000000AA');
    const upgrade = screen.getByTestId('analytics-upgrade');
    expect(upgrade.textContent).toContain('With Pro or a higher plan you see 7 days, 30 days and 90 days too, each compared with the period before.');
    expect(within(upgrade).getByRole('link', { name: 'Compare plans' }).getAttribute('href')).toBe('/pricing');
  });

  it('on Pro: offers every period, asks the server for the one chosen, and says when the period before is past retention', async () => {
    state.answers = {
      '24h': analytics({ offered_periods: ['24h', '7d', '30d', '90d'], upgrade_periods: [] }),
      '90d': analytics({
        period: '90d',
        unit: 'day',
        offered_periods: ['24h', '7d', '30d', '90d'],
        upgrade_periods: [],
        previous: null,
        previous_note: 'No comparison: the 90 days before are older than the 90 days your Pro plan keeps.',
        steps: steps(90, false),
      }),
    };
    panel();
    const periods = await screen.findByRole('group', { name: 'Analytics period' });
    expect(within(periods).getAllByRole('button').map((button) => button.textContent)).toEqual(['24 hours', '7 days', '30 days', '90 days']);
    fireEvent.click(within(periods).getByRole('button', { name: '90 days' }));
    expect(await screen.findByText('No comparison: the 90 days before are older than the 90 days your Pro plan keeps.')).toBeTruthy();
    expect(state.queries).toContainEqual({ period: '90d' });
    expect(screen.getByText('p95 312 ms')).toBeTruthy();
    expect(screen.queryByTestId('analytics-upgrade')).toBeNull();
    expect(screen.getByText('No incidents in this period.')).toBeTruthy();
    // On a phone the same choice is a list.
    fireEvent.change(screen.getByLabelText('Period'), { target: { value: '24h' } });
    expect(await screen.findByText('p95 312 ms, 8% faster than the 24 hours before')).toBeTruthy();
  });

  it('for a heartbeat: uptime only, no response times', async () => {
    state.answers = { '24h': analytics({}) };
    panel('heartbeat');
    expect(await screen.findByText('Heartbeat monitors are judged by their pings, not timed: only uptime is shown.')).toBeTruthy();
    expect(screen.queryByRole('table', { name: 'Response time percentiles' })).toBeNull();
    expect(screen.queryByText(/^p95/)).toBeNull();
  });
});
