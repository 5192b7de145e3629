import { describe, expect, it } from 'vitest';
import {
  incidentsParams,
  incidentsQueryFrom,
  STATUS_FILTERS,
  TYPE_FILTERS,
} from '../../../frontend/src/features/incidents/utils/filters';
import { categoryLabel, incidentDuration, whatHappened } from '../../../frontend/src/features/incidents/utils/format';
import { formatResponseTime } from '../../../frontend/src/utils/monitor-format';

describe('incident card formatting', () => {
  it('shows the category with underscores as spaces, a dash when there is none', () => {
    expect(categoryLabel('connection_refused')).toBe('connection refused');
    expect(categoryLabel('http_5xx')).toBe('http 5xx');
    expect(categoryLabel('slow_response')).toBe('slow response');
    expect(categoryLabel(null)).toBe('—');
  });

  it('shows the response time in whole milliseconds, a dash when there is none', () => {
    expect(formatResponseTime(0.2134)).toBe('213 ms');
    expect(formatResponseTime(2)).toBe('2000 ms');
    expect(formatResponseTime(null)).toBe('—');
  });

  it('explains what happened with the explanation, else the message', () => {
    const details = { explanation: 'The server refused the connection.' };
    expect(whatHappened({ message: 'Your website is down.', details } as never)).toBe('The server refused the connection.');
    expect(whatHappened({ message: 'Your website is down.', details: { explanation: '' } } as never)).toBe('Your website is down.');
  });

  it('gives a recovery the duration of the outage it closes', () => {
    const at = '2025-03-04T10:07:00.000Z';
    expect(
      incidentDuration({ alert_type: 'up', status: 'resolved', started_at: at, resolved_at: at, outage_started_at: '2025-03-04T10:00:00.000Z' }),
    ).toBe('7 minutes');
  });

  it('gives a resolved outage its duration, and none to an open incident or an old recovery without its outage start', () => {
    const started_at = '2025-03-04T10:00:00.000Z';
    expect(incidentDuration({ alert_type: 'down', status: 'resolved', started_at, resolved_at: '2025-03-04T10:12:30.000Z' })).toBe('12 minutes');
    expect(incidentDuration({ alert_type: 'slow', status: 'resolved', started_at, resolved_at: '2025-03-04T12:05:00.000Z' })).toBe(
      '2 hours 5 minutes',
    );
    expect(incidentDuration({ alert_type: 'down', status: 'open', started_at, resolved_at: null })).toBeNull();
    expect(incidentDuration({ alert_type: 'up', status: 'resolved', started_at, resolved_at: started_at })).toBeNull();
  });
});

describe('incident filters', () => {
  it('offers the product\'s choices, word for word, Recovered being the up incident', () => {
    expect(STATUS_FILTERS.map((f) => f.label)).toEqual(['All Status', 'Open', 'Resolved']);
    expect(TYPE_FILTERS.map((f) => [f.label, f.value])).toEqual([
      ['All Types', null],
      ['Down', 'down'],
      ['Recovered', 'up'],
    ]);
  });

  it('reads the filters and page from the address, unknown values as All and page 1', () => {
    expect(incidentsQueryFrom(new URLSearchParams('status=open&type=up&page=3'))).toEqual({ page: 3, status: 'open', type: 'up' });
    expect(incidentsQueryFrom(new URLSearchParams('status=closed&type=slow&page=-2'))).toEqual({ page: 1, status: null, type: null });
    expect(incidentsQueryFrom(new URLSearchParams(''))).toEqual({ page: 1, status: null, type: null });
  });

  it('writes only what differs from the default into the address', () => {
    expect(incidentsParams({ page: 1, status: null, type: null }).toString()).toBe('');
    expect(incidentsParams({ page: 2, status: 'resolved', type: 'down' }).toString()).toBe('status=resolved&type=down&page=2');
  });
});
