import { describe, expect, it } from 'vitest';
import type { IncidentUpdate } from '../../../shared/incidents/updates.js';
import type { MonitorNow } from '../../../shared/status-pages/page-state.js';
import { buildPublicStatusPage, PUBLIC_RESOLVED_INCIDENTS_SHOWN, type PageSources, type SourceIncident } from '../../../shared/status-pages/public-page-builder.js';

/** docs/status-pages.md "The public page": what a visitor sees, built from what is stored. */
const NOW = new Date('2026-11-27T10:30:00.000Z');
const up: MonitorNow = { isUp: true, slow: false, inMaintenance: false };
const down: MonitorNow = { isUp: false, slow: false, inMaintenance: false };

const sources = (over: Partial<PageSources> = {}): PageSources => ({
  page: {
    name: 'Acme',
    slug: 'acme',
    description: null,
    logo_url: null,
    accent_color: '#2563eb',
    show_automatic_incidents: true,
    components: [
      { id: 'C-WEB', monitor_id: 'M-WEB', display_name: 'Website', group: null },
      { id: 'C-API', monitor_id: 'M-API', display_name: 'API', group: 'Backend' },
      { id: 'C-DB', monitor_id: 'M-DB', display_name: 'Database', group: 'Backend' },
    ],
  },
  monitors: new Map([['M-WEB', up], ['M-API', up], ['M-DB', up]]),
  incidents: [],
  days: new Map(),
  maintenance: { active: [], upcoming: [] },
  now: NOW,
  ...over,
});

const incident = (over: Partial<SourceIncident>): SourceIncident => ({
  id: 'I1',
  monitor_id: 'M-API',
  alert_type: 'down',
  status: 'open',
  started_at: '2026-11-27T09:00:00.000Z',
  resolved_at: null,
  ...over,
});

const update = (over: Partial<IncidentUpdate>): IncidentUpdate => ({
  id: 'U1',
  status: 'investigating',
  message: 'Looking',
  message_html: '<p>Looking</p>',
  impact: {},
  created_at: '2026-11-27T09:05:00.000Z',
  ...over,
});

/** Recorded while its monitor was in window W1, whose run ended at `until`. */
const inWindow = (until: string) => ({ maintenance_window_id: 'W1', maintenance_until: until });

describe('buildPublicStatusPage', () => {
  it('groups components, ungrouped first, and names no monitor', () => {
    const page = buildPublicStatusPage(sources());
    expect(page.overall).toEqual({ state: 'operational', text: 'All systems operational' });
    expect(page.groups.map((group) => [group.name, group.components.map((component) => component.name)])).toEqual([
      [null, ['Website']],
      ['Backend', ['API', 'Database']],
    ]);
    expect(JSON.stringify(page)).not.toContain('M-');
    expect(page.groups[0]!.components[0]!.days).toHaveLength(90);
    expect(page.generated_at).toBe(NOW.toISOString());
  });

  it('lists every open incident and the 50 newest resolved ones, and counts the older ones it leaves out', () => {
    const at = (hoursAgo: number) => new Date(NOW.getTime() - hoursAgo * 3_600_000).toISOString();
    const flapping = Array.from({ length: 60 }, (_, n) =>
      incident({ id: `R${String(n).padStart(2, '0')}`, status: 'resolved', started_at: at(n + 2), resolved_at: at(n + 1.5) }),
    );
    const open = [incident({ id: 'O1', started_at: at(400) }), incident({ id: 'O2', monitor_id: 'M-DB', started_at: at(1) })];
    const page = buildPublicStatusPage(sources({ incidents: [...flapping.reverse(), ...open] }));
    expect(PUBLIC_RESOLVED_INCIDENTS_SHOWN).toBe(50);
    expect(page.incidents).toHaveLength(52);
    expect(page.incidents.slice(0, 2).map((shown) => shown.id)).toEqual(['O2', 'O1']);
    expect(page.incidents.slice(2).map((shown) => shown.id)).toEqual(Array.from({ length: 50 }, (_, n) => `R${String(n).padStart(2, '0')}`));
    expect(page.older_incidents).toBe(10);
    // The bars still list each day's incidents, the older ones too.
    const apiDays = page.groups[1]!.components[0]!.days;
    expect(apiDays.flatMap((day) => day.incidents.map((listed) => listed.id))).toContain('R59');
    expect(buildPublicStatusPage(sources({ incidents: open })).older_incidents).toBe(0);
  });

  it('leaves out a component whose monitor is gone', () => {
    const page = buildPublicStatusPage(sources({ monitors: new Map([['M-WEB', up]]) }));
    expect(page.groups).toEqual([expect.objectContaining({ name: null })]);
  });

  it('reads one component down as a partial outage, with the incident open first, then newest', () => {
    const page = buildPublicStatusPage(
      sources({
        monitors: new Map([['M-WEB', up], ['M-API', down], ['M-DB', up]]),
        incidents: [
          incident({ id: 'OLD', status: 'resolved', started_at: '2026-11-20T09:00:00.000Z', resolved_at: '2026-11-20T09:30:00.000Z' }),
          incident({ id: 'NEWER', status: 'resolved', alert_type: 'slow', monitor_id: 'M-WEB', started_at: '2026-11-26T09:00:00.000Z', resolved_at: '2026-11-26T09:30:00.000Z' }),
          incident({ id: 'OPEN', started_at: '2026-11-10T09:00:00.000Z' }),
          incident({ id: 'RECOVERY', alert_type: 'up', status: 'resolved' }),
          incident({ id: 'ELSEWHERE', monitor_id: 'M-OTHER' }),
        ],
      }),
    );
    expect(page.overall.text).toBe('Partial outage');
    expect(page.incidents.map((shown) => shown.id)).toEqual(['OPEN', 'NEWER', 'OLD']);
    expect(page.incidents[0]).toMatchObject({ title: 'API is down', status: 'open', components: [{ id: 'C-API', name: 'API', impact: 'major' }], updates: [] });
    expect(page.incidents[1]).toMatchObject({ title: 'Website is slower than usual', components: [{ id: 'C-WEB', impact: 'degraded' }] });
    const api = page.groups[1]!.components[0]!;
    expect(api.state).toBe('major_outage');
    // A day lists every incident that touched it: the one still open since the 10th, and that day's own.
    expect(api.days.find((day) => day.date === '2026-11-20')).toMatchObject({
      state: 'major_outage',
      incidents: [{ id: 'OPEN', title: 'API is down' }, { id: 'OLD', title: 'API is down' }],
    });
    expect(api.days.find((day) => day.date === '2026-11-09')).toMatchObject({ state: 'no_data', incidents: [] });
  });

  it("weighs the owner's impact from the newest update, and shows updates newest first", () => {
    const updates = [
      update({ id: 'U1', status: 'investigating', message_html: '<p>first</p>', impact: { 'M-API': 'major' } }),
      update({ id: 'U2', status: 'identified', message_html: '<p>second</p>', impact: { 'M-API': 'partial', 'M-DB': 'major' }, created_at: '2026-11-27T09:10:00.000Z' }),
    ];
    const page = buildPublicStatusPage(sources({ monitors: new Map([['M-WEB', up], ['M-API', down], ['M-DB', up]]), incidents: [incident({ updates })] }));
    const [api, db] = page.groups[1]!.components;
    expect(api!.state).toBe('partial_outage');
    expect(db!.state).toBe('major_outage');
    // The owner said major: the page is a major outage though the website is up.
    expect(page.overall.text).toBe('Major outage');
    expect(page.incidents[0]!.components).toEqual([
      { id: 'C-API', name: 'API', impact: 'partial' },
      { id: 'C-DB', name: 'Database', impact: 'major' },
    ]);
    expect(page.incidents[0]!.updates).toEqual([
      { status: 'identified', message_html: '<p>second</p>', created_at: '2026-11-27T09:10:00.000Z' },
      { status: 'investigating', message_html: '<p>first</p>', created_at: '2026-11-27T09:05:00.000Z' },
    ]);
  });

  it('treats an update that repeats the automatic impact as no owner choice', () => {
    const page = buildPublicStatusPage(
      sources({ monitors: new Map([['M-WEB', up], ['M-API', down], ['M-DB', up]]), incidents: [incident({ updates: [update({ impact: { 'M-API': 'major' } })] })] }),
    );
    expect(page.overall.text).toBe('Partial outage');
  });

  it('shows only incidents with an update when automatic incidents are off', () => {
    const page = buildPublicStatusPage(
      sources({
        page: { ...sources().page, show_automatic_incidents: false },
        monitors: new Map([['M-WEB', up], ['M-API', down], ['M-DB', up]]),
        incidents: [incident({ id: 'QUIET' }), incident({ id: 'TOLD', monitor_id: 'M-WEB', updates: [update({})] })],
      }),
    );
    expect(page.incidents.map((shown) => shown.id)).toEqual(['TOLD']);
    // The checks still set the state.
    expect(page.groups[1]!.components[0]!.state).toBe('major_outage');
  });

  it('leaves out an incident the checks recorded inside a maintenance window, unless the owner posted an update to it', () => {
    const page = buildPublicStatusPage(
      sources({
        monitors: new Map([['M-WEB', up], ['M-API', down], ['M-DB', up]]),
        incidents: [
          incident({ id: 'IN-WINDOW', ...inWindow('2026-11-26T02:00:00.000Z'), started_at: '2026-11-26T01:10:00.000Z', status: 'resolved', resolved_at: '2026-11-26T01:40:00.000Z' }),
          incident({ id: 'TOLD-IN-WINDOW', monitor_id: 'M-WEB', ...inWindow('2026-11-25T02:00:00.000Z'), started_at: '2026-11-25T01:10:00.000Z', status: 'resolved', resolved_at: '2026-11-25T01:20:00.000Z', updates: [update({})] }),
          // Began inside a window and lasted past its end: news of its own.
          incident({ id: 'OUTLASTED', monitor_id: 'M-DB', ...inWindow('2026-11-24T02:00:00.000Z'), started_at: '2026-11-24T01:10:00.000Z', status: 'resolved', resolved_at: '2026-11-24T03:00:00.000Z' }),
          incident({ id: 'OUTSIDE' }),
        ],
        days: new Map([['M-API', new Map([['2026-11-26', { checks: 200, ups: 200, maintenance: 12 }]])]]),
      }),
    );
    expect(page.incidents.map((shown) => shown.id)).toEqual(['OUTSIDE', 'TOLD-IN-WINDOW', 'OUTLASTED']);
    // Its day shows the window, not the outage it explains.
    const api = page.groups[1]!.components[0]!;
    expect(api.days.find((day) => day.date === '2026-11-26')).toMatchObject({ state: 'maintenance', incidents: [] });
    // With automatic incidents off, the told one still shows.
    const quiet = buildPublicStatusPage(sources({ page: { ...sources().page, show_automatic_incidents: false }, incidents: [incident({ id: 'TOLD', ...inWindow('2026-11-27T11:00:00.000Z'), updates: [update({})] })] }));
    expect(quiet.incidents.map((shown) => shown.id)).toEqual(['TOLD']);
  });

  it('leaves out an open incident recorded in a window while its monitor is still in it, and lists it once the window is over', () => {
    const open = incident({ id: 'STILL-DOWN', ...inWindow('2026-11-27T11:00:00.000Z'), started_at: '2026-11-27T10:10:00.000Z' });
    const during = buildPublicStatusPage(sources({ monitors: new Map([['M-WEB', up], ['M-API', { ...down, inMaintenance: true }], ['M-DB', up]]), incidents: [open] }));
    expect(during.incidents).toEqual([]);
    expect(during.groups[1]!.components[0]!.state).toBe('maintenance');
    const after = buildPublicStatusPage(sources({ monitors: new Map([['M-WEB', up], ['M-API', down], ['M-DB', up]]), incidents: [open] }));
    expect(after.incidents.map((shown) => shown.id)).toEqual(['STILL-DOWN']);
    expect(after.groups[1]!.components[0]!.state).toBe('major_outage');
  });

  it('passes maintenance through, and shows the components of a window running now under maintenance', () => {
    const window = { id: 'W1', title: 'Upgrade', description: null, starts_at: '2026-11-28T01:00:00.000Z', ends_at: '2026-11-28T02:00:00.000Z', component_ids: ['C-DB'] };
    expect(buildPublicStatusPage(sources({ maintenance: { active: [], upcoming: [window] } })).maintenance.upcoming).toEqual([window]);
    const running = { ...window, starts_at: '2026-11-27T10:00:00.000Z', ends_at: '2026-11-27T11:00:00.000Z' };
    const page = buildPublicStatusPage(sources({ monitors: new Map([['M-WEB', up], ['M-API', up], ['M-DB', down]]), maintenance: { active: [running], upcoming: [] } }));
    expect(page.groups[1]!.components[1]).toMatchObject({ name: 'Database', state: 'maintenance' });
    expect(page.overall.text).toBe('Under maintenance');
  });
});
