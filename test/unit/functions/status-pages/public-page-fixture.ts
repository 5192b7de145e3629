import type { OverallState } from '../../../../shared/status-pages/schemas.js';
import { OVERALL_STATE_TEXT } from '../../../../shared/status-pages/schemas.js';
import type { ComponentState, PublicComponent, PublicDay, PublicIncident, PublicStatusPage } from '../../../../shared/status-pages/public-page.js';

/**
 * Status pages as `loadPublicStatusPage` answers them, one per banner state, for the renderer's
 * unit tests and the screenshots of each state (test/e2e/capture-status-page-states.ts).
 */

export const FIXTURE_NOW = '2026-11-27T14:05:09.000Z';

const dayAt = (daysAgo: number): string => new Date(Date.parse('2026-11-27T00:00:00Z') - daysAgo * 86_400_000).toISOString().slice(0, 10);

/** 90 days, oldest first: no data before `since` days ago, then up, with the given days changed. */
const days = (since: number, changes: Record<number, Partial<PublicDay>> = {}): PublicDay[] =>
  Array.from({ length: 90 }, (_, index) => {
    const daysAgo = 89 - index;
    const base: PublicDay =
      daysAgo >= since
        ? { date: dayAt(daysAgo), uptime: null, state: 'no_data', incidents: [] }
        : { date: dayAt(daysAgo), uptime: 100, state: 'operational', incidents: [] };
    return { ...base, ...changes[daysAgo] };
  });

const HISTORIC: PublicIncident = {
  id: 'inc-old',
  title: 'Checkout was slow',
  status: 'resolved',
  components: [{ id: 'cmp-api', name: 'API', impact: 'degraded' }],
  started_at: '2026-11-02T09:12:00.000Z',
  resolved_at: '2026-11-02T10:03:00.000Z',
  updates: [
    { status: 'resolved', message_html: '<p>Response times are back to normal.</p>', created_at: '2026-11-02T10:03:00.000Z' },
    { status: 'investigating', message_html: '<p>Checkout answers <strong>slowly</strong>; we are looking into it.</p>', created_at: '2026-11-02T09:20:00.000Z' },
  ],
};

const component = (id: string, name: string, state: ComponentState, history: PublicDay[]): PublicComponent => {
  const withData = history.filter((day) => day.uptime !== null);
  const uptime = withData.length ? withData.reduce((sum, day) => sum + (day.uptime ?? 0), 0) / withData.length : null;
  return { id, name, state, uptime_90d: uptime, days: history };
};

/** A page whose banner reads `state`, with a grouped and an ungrouped part, history and maintenance to match. */
export const publicPageFixture = (state: OverallState, overrides: Partial<PublicStatusPage> = {}): PublicStatusPage => {
  const apiToday: Partial<PublicDay> =
    state === 'operational' || state === 'maintenance'
      ? {}
      : { uptime: state === 'degraded' ? 100 : 93.75, state, incidents: [{ id: 'inc-now', title: 'API is not answering' }] };
  const apiState: ComponentState = state === 'operational' ? 'operational' : state;
  const websiteState: ComponentState = state === 'major_outage' ? 'major_outage' : state === 'maintenance' ? 'maintenance' : 'operational';
  const groups = [
    {
      name: null,
      components: [
        component('cmp-web', 'Website', websiteState, days(90, state === 'maintenance' ? { 0: { state: 'maintenance' } } : {})),
        component('cmp-api', 'API', apiState, days(90, { 25: { uptime: 99.1, state: 'degraded', incidents: [{ id: 'inc-old', title: 'Checkout was slow' }] }, 0: apiToday })),
      ],
    },
    {
      name: 'Regions',
      components: [
        component('cmp-eu', 'Europe', 'operational', days(90, { 40: { uptime: 97.5, state: 'major_outage', incidents: [{ id: 'inc-eu', title: 'Europe unreachable' }] } })),
        component('cmp-asia', 'Asia', state === 'major_outage' ? 'major_outage' : 'operational', days(45)),
      ],
    },
  ];
  const open: PublicIncident[] =
    state === 'operational' || state === 'maintenance'
      ? []
      : [
          {
            id: 'inc-now',
            title: 'API is not answering',
            status: 'open',
            components: [{ id: 'cmp-api', name: 'API', impact: state === 'degraded' ? 'degraded' : state === 'partial_outage' ? 'partial' : 'major' }],
            started_at: '2026-11-27T13:41:00.000Z',
            resolved_at: null,
            updates: [
              {
                status: 'identified',
                message_html: '<p>A database failover is under way. Next update by <em>14:30 UTC</em>.</p>',
                created_at: '2026-11-27T13:55:00.000Z',
              },
              { status: 'investigating', message_html: '<p>We are looking into errors on the API.</p>', created_at: '2026-11-27T13:44:00.000Z' },
            ],
          },
        ];
  const window = {
    id: 'mw-1',
    title: 'Database upgrade',
    description: 'The website may be read-only for a few minutes.',
    starts_at: state === 'maintenance' ? '2026-11-27T13:00:00.000Z' : '2026-12-01T02:00:00.000Z',
    ends_at: state === 'maintenance' ? '2026-11-27T15:00:00.000Z' : '2026-12-01T03:00:00.000Z',
    component_ids: ['cmp-web'],
  };
  return {
    name: 'Acme Cloud',
    slug: 'acme',
    description: 'Live status of the Acme website, API and regions.',
    logo_url: null,
    accent_color: '#7c3aed',
    overall: { state, text: OVERALL_STATE_TEXT[state] },
    groups,
    incidents: [...open, HISTORIC, { ...HISTORIC, id: 'inc-eu', title: 'Europe unreachable', components: [{ id: 'cmp-eu', name: 'Europe', impact: 'major' }], started_at: '2026-10-18T22:10:00.000Z', resolved_at: '2026-10-18T22:46:00.000Z', updates: [] }],
    older_incidents: 0,
    maintenance: state === 'maintenance' ? { active: [window], upcoming: [] } : { active: [], upcoming: [window] },
    generated_at: FIXTURE_NOW,
    ...overrides,
  };
};
