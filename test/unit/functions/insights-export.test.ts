import { caller } from './profile-fixture.js';
import { describe, expect, it, vi } from 'vitest';
import type { CheckResult } from '../../../shared/checks/check-result.js';
import { heartbeatResult } from '../../../shared/checks/heartbeat.js';
import { exportFileName } from '../../../shared/insights/schemas.js';
import { handler as insightsArea } from '../../../functions/api/insights/index.js';
import { jsonDownload } from '../../../functions/http/responses.js';
import { exportData, UNKNOWN_EXPORT_KIND_DETAIL } from '../../../functions/services/insights/export-data.js';
import { toExportedCheck } from '../../../functions/services/insights/exported-check.js';
import { bodyOf, sampleEvent, withoutClaims } from './sample-events.js';

// The handler chain reads the caller's profile (functions/http/caller.ts): an active, verified one here.
vi.mock('../../../functions/repositories/workspace-repository.js', () => import('./own-workspace-access.js'));
vi.mock('../../../functions/repositories/user-repository.js', async (importOriginal) => {
  const { profile } = await import('./profile-fixture.js');
  return {
    ...(await importOriginal<typeof import('../../../functions/repositories/user-repository.js')>()),
    getUserProfile: vi.fn(async (id: string) => profile({ id })),
  };
});

const ctx = caller();

describe('exportFileName', () => {
  it('names the kind and the UTC date', () => {
    expect(exportFileName('monitors', new Date('2025-01-31T12:00:00.000Z'))).toBe('upwatch-monitors-2025-01-31.json');
    expect(exportFileName('incidents', new Date('2025-01-31T12:00:00.000Z'))).toBe('upwatch-incidents-2025-01-31.json');
  });

  it('uses the UTC day even where it is already tomorrow', () => {
    // 23:30 UTC is the next day in India; the file is named by the UTC date, like the timestamps inside.
    expect(exportFileName('monitors', new Date('2025-01-31T23:30:00.000Z'))).toBe('upwatch-monitors-2025-01-31.json');
  });
});

describe('toExportedCheck', () => {
  const check: CheckResult = {
    monitorId: '01JDMONITOR000000000000000',
    region: 'eu-west-1',
    round: '2025-01-31T12:00:00.000Z',
    outcome: 'down',
    errorCategory: 'http_5xx',
    statusCode: 503,
    timings: { dns: 3, connect: 10, tls: 25, ttfb: 180, total: 1234 },
    checkedAt: '2025-01-31T12:00:00.120Z',
    attempts: 2,
    message: 'HTTP 503',
  };

  it('uses API names, seconds for the response time and milliseconds for the phases', () => {
    expect(toExportedCheck(check)).toEqual({
      checked_at: '2025-01-31T12:00:00.120Z',
      region: 'eu-west-1',
      outcome: 'down',
      status_code: 503,
      response_time: 1.234,
      error_category: 'http_5xx',
      message: 'HTTP 503',
      timings_ms: { dns: 3, connect: 10, tls: 25, ttfb: 180, total: 1234 },
      failed_assertions: [],
    });
  });

  it('gives a heartbeat\'s round no response time: it is judged from the last ping, not timed (no "0 ms")', () => {
    const judged = heartbeatResult({
      monitorId: check.monitorId,
      round: check.round,
      intervalSeconds: 300,
      graceSeconds: 60,
      lastPing: { at: '2025-01-31T11:59:00.000Z', failed: false },
    })!;
    expect(toExportedCheck(judged)).toMatchObject({
      region: 'heartbeat',
      outcome: 'up',
      status_code: null,
      response_time: null,
      timings_ms: { dns: null, connect: null, tls: null, ttfb: null, total: null },
    });
  });

  it('names the assertions a check failed', () => {
    expect(toExportedCheck({ ...check, errorCategory: 'keyword_missing', failedAssertions: ['keyword', 'header'] }).failed_assertions).toEqual([
      'keyword',
      'header',
    ]);
  });
});

describe('jsonDownload', () => {
  it('answers a JSON attachment that no cache keeps', () => {
    const result = jsonDownload('upwatch-incidents-2025-01-31.json', { incidents: [] });
    expect(result.statusCode).toBe(200);
    expect(result.headers).toMatchObject({
      'content-type': 'application/json; charset=utf-8',
      'content-disposition': 'attachment; filename="upwatch-incidents-2025-01-31.json"',
      'cache-control': 'no-store',
    });
    expect(JSON.parse(result.body as string)).toEqual({ incidents: [] });
  });
});

describe('exportData', () => {
  it.each([['checks'], ['Monitors'], [''], [undefined]])('refuses the kind %j with 404 before reading anything', async (kind) => {
    await expect(exportData({ ctx, kind })).rejects.toMatchObject({ code: 'NOT_FOUND', detail: UNKNOWN_EXPORT_KIND_DETAIL });
  });
});

describe('the insights entry with the sample events', () => {
  it('answers 404 {detail, code} for an unknown export kind', async () => {
    const event = sampleEvent('export-data', { rawPath: '/api/export/passwords', pathParameters: { kind: 'passwords' } });
    const result = await insightsArea(event);
    expect(result.statusCode).toBe(404);
    expect(bodyOf(result)).toEqual({ detail: UNKNOWN_EXPORT_KIND_DETAIL, code: 'NOT_FOUND' });
  });

  it('refuses a bad incident filter with 400 naming the field, before touching storage', async () => {
    const event = sampleEvent('list-incidents', { queryStringParameters: { status_filter: 'closed' } });
    const result = await insightsArea(event);
    expect(result.statusCode).toBe(400);
    expect(bodyOf(result)).toMatchObject({
      code: 'VALIDATION_FAILED',
      detail: 'status_filter must be open or resolved',
      errors: [{ field: 'status_filter', message: 'status_filter must be open or resolved' }],
    });
  });

  it.each(['get-dashboard-stats', 'list-incidents', 'export-data'])('answers 401 for %s without claims', async (name) => {
    const result = await insightsArea(withoutClaims(sampleEvent(name)));
    expect(result.statusCode).toBe(401);
  });
});
