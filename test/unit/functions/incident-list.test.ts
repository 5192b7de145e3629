import { describe, expect, it } from 'vitest';
import { recoveredIncident } from '../../../shared/checks/incident-details.js';
import { INCIDENTS_PAGE_SIZE, ListIncidentsQuery, type Incident } from '../../../shared/incidents/schemas.js';
import { matchesIncidentFilters, selectIncidentPage } from '../../../functions/services/insights/incident-list.js';

let seq = 0;
/** Ids sort like the ULIDs they stand for: a later incident has a greater id. */
const incident = (fields: Partial<Incident> = {}): Incident => {
  seq += 1;
  return {
    id: `01JD${String(seq).padStart(22, '0')}`,
    monitor_id: '01JDMONITOR000000000000000',
    alert_type: 'down',
    status: 'open',
    message: `Incident ${seq}`,
    started_at: new Date(Date.UTC(2025, 0, 1, 0, seq)).toISOString(),
    resolved_at: null,
    monitor_name: 'Shop',
    monitor_url: 'https://shop.example.com',
    details: recoveredIncident({ responseTimeMs: 120, statusCode: 200, downtimeSeconds: 60 }).details,
    ...fields,
  };
};

const query = (raw: Record<string, string> = {}) => ListIncidentsQuery.parse(raw);

describe('ListIncidentsQuery', () => {
  it('defaults to the first page of 10 with no filters', () => {
    expect(query()).toEqual({ page: 1, limit: INCIDENTS_PAGE_SIZE });
    expect(INCIDENTS_PAGE_SIZE).toBe(10);
  });

  it('reads numbers and filters from query strings', () => {
    expect(query({ page: '3', limit: '5', status_filter: 'resolved', alert_type_filter: 'up' })).toEqual({
      page: 3,
      limit: 5,
      status_filter: 'resolved',
      alert_type_filter: 'up',
    });
  });

  it('treats an empty filter as no filter (a form sending its "All" choice)', () => {
    expect(query({ status_filter: '', alert_type_filter: '' })).toEqual({ page: 1, limit: 10 });
  });

  it.each([
    [{ status_filter: 'closed' }, 'status_filter must be open or resolved'],
    [{ status_filter: 'OPEN' }, 'status_filter must be open or resolved'],
    [{ alert_type_filter: 'recovered' }, 'alert_type_filter must be down, up or slow'],
    [{ page: 'two' }, 'page must be a number'],
    [{ page: '0' }, 'page must be at least 1'],
    [{ limit: '2.5' }, 'limit must be a whole number'],
    [{ limit: '101' }, 'limit must be at most 100'],
  ])('refuses %j', (raw, message) => {
    const result = ListIncidentsQuery.safeParse(raw);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([message]);
  });
});

describe('matchesIncidentFilters', () => {
  const openDown = incident({ alert_type: 'down', status: 'open' });
  const resolvedDown = incident({ alert_type: 'down', status: 'resolved' });
  const recovered = incident({ alert_type: 'up', status: 'resolved' });
  const slow = incident({ alert_type: 'slow', status: 'open' });
  const all = [openDown, resolvedDown, recovered, slow];

  it('no filter matches everything', () => {
    expect(all.every((i) => matchesIncidentFilters(i, {}))).toBe(true);
  });

  it('status_filter matches the status alone', () => {
    expect(all.map((i) => matchesIncidentFilters(i, { status_filter: 'open' }))).toEqual([true, false, false, true]);
    expect(all.map((i) => matchesIncidentFilters(i, { status_filter: 'resolved' }))).toEqual([false, true, true, false]);
  });

  it('alert_type_filter up is the "Recovered" type', () => {
    expect(all.map((i) => matchesIncidentFilters(i, { alert_type_filter: 'up' }))).toEqual([false, false, true, false]);
  });

  it('both filters must match', () => {
    expect(all.map((i) => matchesIncidentFilters(i, { status_filter: 'resolved', alert_type_filter: 'down' }))).toEqual([
      false,
      true,
      false,
      false,
    ]);
  });
});

describe('selectIncidentPage', () => {
  it('orders newest first by id, whatever order the input has', () => {
    const older = incident({ message: 'older' });
    const newer = incident({ message: 'newer' });
    expect(selectIncidentPage([older, newer], query()).incidents.map((i) => i.message)).toEqual(['newer', 'older']);
  });

  it('pages the filtered list and counts only what matches', () => {
    const downs = Array.from({ length: 23 }, () => incident({ alert_type: 'down' }));
    const ups = Array.from({ length: 4 }, () => incident({ alert_type: 'up', status: 'resolved' }));
    const first = selectIncidentPage([...downs, ...ups], query({ alert_type_filter: 'down' }));
    expect(first).toMatchObject({ total: 23, pages: 3, page: 1 });
    expect(first.incidents).toHaveLength(10);
    expect(first.incidents[0]).toBe(downs[22]);

    const last = selectIncidentPage([...downs, ...ups], query({ alert_type_filter: 'down', page: '3' }));
    expect(last.incidents).toEqual([downs[2], downs[1], downs[0]]);
  });

  it('a page past the end is empty and echoes its number; nothing matching is 0 pages', () => {
    const few = [incident(), incident()];
    expect(selectIncidentPage(few, query({ page: '5' }))).toMatchObject({ incidents: [], total: 2, pages: 1, page: 5 });
    expect(selectIncidentPage(few, query({ status_filter: 'resolved' }))).toEqual({ incidents: [], total: 0, pages: 0, page: 1 });
  });

  it('honours a custom limit', () => {
    const many = Array.from({ length: 7 }, () => incident());
    expect(selectIncidentPage(many, query({ limit: '3', page: '3' }))).toMatchObject({ total: 7, pages: 3 });
    expect(selectIncidentPage(many, query({ limit: '3', page: '3' })).incidents).toEqual([many[0]]);
  });
});
