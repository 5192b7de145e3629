import { describe, expect, it } from 'vitest';
import type { IncidentUpdate } from '../../../shared/incidents/updates.js';
import type { StatusPageComponent } from '../../../shared/status-pages/schemas.js';
import {
  noticeId,
  pagesToNotify,
  SubscriberNoticeMessage,
  subscriberGetsNotice,
  touchedComponents,
  type NoticeIncident,
  type NoticePage,
  type SubscriberNotice,
} from '../../../shared/status-pages/subscriber-notices.js';

/** Who gets which notice (docs/status-pages.md "Subscriber mails"): pure rules, no table. */
const component = (id: string, monitorId: string, name = `Component ${id}`): StatusPageComponent => ({ id, monitor_id: monitorId, display_name: name, group: null });

const page = (overrides: Partial<NoticePage> = {}): NoticePage => ({
  id: 'p1',
  components: [component('c-api', 'm-api', 'Public API'), component('c-web', 'm-web', 'Website')],
  show_automatic_incidents: true,
  ...overrides,
});

const incident = (overrides: Partial<NoticeIncident> = {}): NoticeIncident => ({
  id: 'i1',
  monitor_id: 'm-api',
  alert_type: 'down',
  status: 'open',
  started_at: '2026-11-27T10:00:00.000Z',
  resolved_at: null,
  has_updates: false,
  latest_update: null,
  ...overrides,
});

const update = (overrides: Partial<IncidentUpdate> = {}): IncidentUpdate => ({
  id: 'u1',
  status: 'identified',
  message: 'A bad deploy; rolling back.',
  message_html: '<p>A bad deploy; rolling back.</p>',
  impact: { 'm-api': 'major' },
  created_at: '2026-11-27T10:05:00.000Z',
  ...overrides,
});

const opened: SubscriberNotice = { kind: 'incident_opened', incident: incident() };

const maintenance = (window: Partial<Extract<SubscriberNotice, { window: unknown }>['window']> = {}): SubscriberNotice => ({
  kind: 'maintenance_started',
  window: { id: 'w1', title: 'Database upgrade', description: null, time_zone: 'Asia/Kolkata', monitor_ids: ['m-web'], status_page_id: null, ...window },
  occurrence: { starts_at: '2026-11-29T04:30:00.000Z', ends_at: '2026-11-29T05:30:00.000Z' },
});

const ids = (notice: SubscriberNotice, on: NoticePage = page()) => touchedComponents(notice, on).map(({ component: c, impact }) => `${c.id}:${impact ?? '-'}`);

describe('which components of a page a notice touches', () => {
  it("an incident touches its own monitor's component at the automatic level", () => {
    expect(ids(opened)).toEqual(['c-api:major']);
    expect(ids({ kind: 'incident_opened', incident: incident({ alert_type: 'slow' }) })).toEqual(['c-api:degraded']);
  });

  it("and every monitor its newest update weighs, at the owner's level", () => {
    const latest = update({ impact: { 'm-api': 'partial', 'm-web': 'degraded' } });
    const notice: SubscriberNotice = { kind: 'incident_updated', incident: incident({ has_updates: true, latest_update: latest }), update: latest };
    expect(ids(notice)).toEqual(['c-api:partial', 'c-web:degraded']);
  });

  it('an automatic incident touches nothing where the page hides automatic incidents, until the owner posts an update', () => {
    const hidden = page({ show_automatic_incidents: false });
    expect(ids(opened, hidden)).toEqual([]);
    expect(ids({ kind: 'incident_resolved', incident: incident({ status: 'resolved' }) }, hidden)).toEqual([]);
    const latest = update();
    expect(ids({ kind: 'incident_updated', incident: incident({ has_updates: true, latest_update: latest }), update: latest }, hidden)).toEqual(['c-api:major']);
    expect(ids({ kind: 'incident_resolved', incident: incident({ status: 'resolved', has_updates: true, latest_update: latest }) }, hidden)).toEqual(['c-api:major']);
  });

  it("an incident of a monitor the page does not show touches nothing", () => {
    expect(ids({ kind: 'incident_opened', incident: incident({ monitor_id: 'm-other' }) })).toEqual([]);
  });

  it("a maintenance window touches the components of its monitors, or all of the page it is set on", () => {
    expect(ids(maintenance())).toEqual(['c-web:-']);
    expect(ids(maintenance({ monitor_ids: [], status_page_id: 'p1' }))).toEqual(['c-api:-', 'c-web:-']);
    expect(ids(maintenance({ monitor_ids: [], status_page_id: 'another-page' }))).toEqual([]);
  });
});

describe('which subscribers get it', () => {
  const touched = touchedComponents(opened, page());

  it('a subscriber of the whole page gets every notice the page shows', () => {
    expect(subscriberGetsNotice([], touched)).toBe(true);
  });

  it('a subscriber of chosen components only when one of theirs is touched', () => {
    expect(subscriberGetsNotice(['c-api'], touched)).toBe(true);
    expect(subscriberGetsNotice(['c-web', 'c-api'], touched)).toBe(true);
    expect(subscriberGetsNotice(['c-web'], touched)).toBe(false);
  });

  it('nobody when the page does not show it', () => {
    expect(subscriberGetsNotice([], [])).toBe(false);
  });
});

describe('which pages are told', () => {
  it("the owner's pages that show a touched component", () => {
    const pages = [page({ id: 'a' }), page({ id: 'b', components: [component('c-x', 'm-web')] }), page({ id: 'c', show_automatic_incidents: false })];
    expect(pagesToNotify(opened, pages).map((p) => p.id)).toEqual(['a']);
    expect(pagesToNotify(maintenance(), pages).map((p) => p.id)).toEqual(['a', 'b', 'c']);
  });
});

describe('the notice id', () => {
  it('is the same for the same event, and differs per update and per occurrence', () => {
    expect(noticeId(opened)).toBe('incident_opened#i1');
    expect(noticeId({ kind: 'incident_resolved', incident: incident() })).toBe('incident_resolved#i1');
    expect(noticeId({ kind: 'incident_updated', incident: incident(), update: update({ id: 'u2' }) })).toBe('incident_updated#i1#u2');
    expect(noticeId(maintenance())).toBe('maintenance_started#w1#2026-11-29T04:30:00.000Z');
    expect(noticeId({ ...maintenance(), kind: 'maintenance_scheduled' } as SubscriberNotice)).toBe('maintenance_scheduled#w1');
  });
});

describe('the queue message', () => {
  it('reads back what was queued, and refuses anything else', () => {
    const message = { kind: 'subscriber_notice', userId: 'u', pageId: 'p1', notice: opened, cursor: null };
    expect(SubscriberNoticeMessage.parse(JSON.parse(JSON.stringify(message)))).toEqual(message);
    expect(() => SubscriberNoticeMessage.parse({ ...message, notice: { kind: 'incident_opened' } })).toThrow();
  });
});
