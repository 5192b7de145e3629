import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SECRET_MASK } from '../../shared/monitors/check-options.js';
import { api, signedInUser } from './helpers/api.js';
import { getMonitorItem, startTargetSite, waitFor } from './helpers/pipeline.js';

/**
 * Request options and assertions through the API and the whole pipeline (docs/checks.md): every
 * new field validated by the server, secrets sealed at rest and never answered in clear, kept by an
 * update that leaves them out, opened by the checkers, and each assertion deciding up or down.
 */
// A closed loopback port: the first checks these monitors start end at once (refused), adding no slow
// checks to the queues the other test files share.
const site = { name: 'Options', url: 'http://127.0.0.1:9/health', check_interval: 300, timeout: 30 };

interface MonitorBody {
  id: string;
  is_up: boolean | null;
  headers: Record<string, string>;
  secret_headers: string[];
  basic_auth: { username: string; has_password: boolean } | null;
  latest_incident: { message: string; details: { error_category: string } } | null;
  [field: string]: unknown;
}

const monitorOf = async (token: string, id: string) => {
  const list = await api<{ monitors: MonitorBody[] }>('/api/monitors', { token });
  return list.body.monitors.find((monitor) => monitor.id === id)!;
};

describe('check options: validation', () => {
  it.each([
    ['an unknown method', { method: 'TRACE' }, 'Method must be one of GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS'],
    ['headers that are not an object', { headers: ['x'] }, 'Headers must be an object'],
    ['a header name with a space', { headers: { 'X Bad': '1' } }, 'Header names may contain only'],
    ['a header value with a line break', { headers: { 'X-A': 'a\r\nInjected: 1' } }, 'Header values cannot contain line breaks'],
    ['a reserved header', { headers: { Host: 'internal' } }, 'The Host header is set by the check itself'],
    ['the same header twice', { headers: { 'X-A': '1', 'x-a': '2' } }, 'The x-a header appears twice'],
    ['too many headers', { headers: Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`X-${i}`, 'v'])) }, 'At most 20 headers'],
    ['secret_headers naming no header', { headers: { 'X-A': '1' }, secret_headers: ['X-B'] }, 'secret_headers names x-b'],
    ['a body on a GET', { body: 'x' }, 'A request body needs method POST'],
    ['a body that is too long', { method: 'POST', body: 'x'.repeat(2001) }, 'Body is too long (2000 characters at most)'],
    ['a content type without body', { method: 'POST', body_content_type: 'application/json' }, 'A body content type needs a body'],
    ['a malformed content type', { method: 'POST', body: 'x', body_content_type: 'json' }, 'Body content type must look like application/json'],
    ['basic auth without password', { basic_auth: { username: 'ada' } }, 'Basic auth needs a password'],
    ['basic auth with a colon in the username', { basic_auth: { username: 'a:b', password: 'p' } }, 'cannot contain ":"'],
    ['basic auth and an Authorization header', { basic_auth: { username: 'a', password: 'p' }, headers: { Authorization: 'Bearer x' } }, 'either basic auth or an Authorization header'],
    ['follow_redirects not a boolean', { follow_redirects: 'yes' }, 'follow_redirects must be true or false'],
    ['expected_status_codes not a list', { expected_status_codes: '2xx' }, 'codes or ranges separated by commas'],
    ['expected_status_codes out of range', { expected_status_codes: '200-700' }, 'between 100 and 599'],
    ['a backwards range', { expected_status_codes: '299-200' }, 'runs backwards'],
    ['an empty keyword', { keyword: '  ' }, 'Keyword cannot be empty'],
    ['an unknown keyword_mode', { keyword: 'a', keyword_mode: 'maybe' }, 'keyword_mode must be present or absent'],
    ['keyword_case_sensitive not a boolean', { keyword: 'a', keyword_case_sensitive: 1 }, 'keyword_case_sensitive must be true or false'],
    ['a keyword on HEAD', { method: 'HEAD', keyword: 'a' }, 'HEAD requests get no body back'],
    ['a JSON path we cannot read', { json_path: '$..items[*]' }, 'JSON path must name one value'],
    ['json_expected without a path', { json_expected: 'ok' }, 'An expected JSON value needs a JSON path'],
    ['json_match equals without a value', { json_path: '$.a', json_match: 'equals' }, 'json_match equals needs json_expected'],
    ['json_match exists with a value', { json_path: '$.a', json_match: 'exists', json_expected: 'x' }, 'json_match exists takes no expected value'],
    ['an unknown json_match', { json_path: '$.a', json_match: 'like' }, 'json_match must be equals, contains or exists'],
    ['header_expected without a name', { header_expected: 'x' }, 'An expected header value needs a header name'],
    ['an unknown header_match', { header_name: 'X-A', header_match: 'regex' }, 'header_match must be equals, contains or exists'],
    ['header_match contains without a value', { header_name: 'X-A', header_match: 'contains' }, 'header_match contains needs header_expected'],
    ['max_response_time_ms not whole', { max_response_time_ms: 10.5 }, 'whole number of milliseconds'],
    ['max_response_time_ms of 0', { max_response_time_ms: 0 }, 'at least 1 ms'],
    ['max_response_time_ms over the timeout', { max_response_time_ms: 31_000 }, 'Maximum response time cannot be longer than the timeout'],
  ])('POST /api/monitors answers 400 for %s', async (_case, fields, detail) => {
    const { token } = await signedInUser('options-invalid');
    const response = await api('/api/monitors', { method: 'POST', token, body: { ...site, ...fields } });
    expect(response.status).toBe(400);
    expect(response.body.detail).toContain(detail);
    expect((await api<{ total: number }>('/api/monitors', { token })).body.total).toBe(0);
  });

  it('PUT checks the merged options the same way', async () => {
    const { token } = await signedInUser('options-put');
    const created = await api<MonitorBody>('/api/monitors', { method: 'POST', token, body: { ...site, method: 'POST', body: '{}' } });
    expect(created.status).toBe(201);
    const toGet = await api(`/api/monitors/${created.body.id}`, { method: 'PUT', token, body: { method: 'GET' } });
    expect(toGet.status).toBe(400);
    expect(toGet.body.detail).toBe('A request body needs method POST, PUT, PATCH, DELETE or OPTIONS');
    const badCodes = await api(`/api/monitors/${created.body.id}`, { method: 'PUT', token, body: { expected_status_codes: 'abc' } });
    expect(badCodes.status).toBe(400);
    // Taking the body away with the method is fine.
    expect((await api(`/api/monitors/${created.body.id}`, { method: 'PUT', token, body: { method: 'GET', body: null } })).status).toBe(200);
  });
});

describe('check options: secrets', () => {
  it('are sealed at rest, masked in every answer, and kept by an update that leaves them out', async () => {
    const user = await signedInUser('options-secret');
    const me = await api<{ id: string }>('/api/auth/me', { token: user.token });
    const created = await api<MonitorBody>('/api/monitors', {
      method: 'POST',
      token: user.token,
      body: {
        ...site,
        headers: { 'X-Api-Key': 'key-123-secret', Accept: 'application/json' },
        secret_headers: ['X-Api-Key'],
        basic_auth: { username: 'ada', password: 'hunter2-secret' },
      },
    });
    expect(created.status).toBe(201);
    const shown = { headers: { 'X-Api-Key': SECRET_MASK, Accept: 'application/json' }, secret_headers: ['X-Api-Key'], basic_auth: { username: 'ada', has_password: true } };
    expect(created.body).toMatchObject(shown);
    expect(JSON.stringify(created.body)).not.toMatch(/key-123-secret|hunter2-secret/);
    expect(await monitorOf(user.token, created.body.id)).toMatchObject(shown);
    // The list reads only the attributes its views need (monitor-items.ts); GET reads whole items.
    const detail = await api<{ monitor: unknown }>(`/api/monitors/${created.body.id}`, { token: user.token });
    expect(await monitorOf(user.token, created.body.id)).toEqual(detail.body.monitor);

    const stored = JSON.stringify(await getMonitorItem(me.body.id, created.body.id));
    expect(stored).not.toContain('key-123-secret');
    expect(stored).not.toContain('hunter2-secret');
    expect(stored).toMatch(/uw1\.l\./);

    // An update of other fields, and one that sends the masked answer back, keep both secrets.
    const renamed = await api<MonitorBody>(`/api/monitors/${created.body.id}`, { method: 'PUT', token: user.token, body: { name: 'Renamed' } });
    expect(renamed.body).toMatchObject(shown);
    const roundTrip = await api<MonitorBody>(`/api/monitors/${created.body.id}`, {
      method: 'PUT',
      token: user.token,
      body: { headers: created.body.headers, secret_headers: created.body.secret_headers, basic_auth: { username: 'grace' } },
    });
    expect(roundTrip.status).toBe(200);
    expect(roundTrip.body).toMatchObject({ ...shown, basic_auth: { username: 'grace', has_password: true } });
    const after = await getMonitorItem(me.body.id, created.body.id);
    const sealedBefore = JSON.parse(stored).check_options;
    expect((after!.check_options as typeof sealedBefore).headers[0].sealed).toBe(sealedBefore.headers[0].sealed);
    expect((after!.check_options as typeof sealedBefore).basic_auth.password_sealed).toBe(sealedBefore.basic_auth.password_sealed);

    const cleared = await api<MonitorBody>(`/api/monitors/${created.body.id}`, { method: 'PUT', token: user.token, body: { basic_auth: null, headers: null } });
    expect(cleared.body).toMatchObject({ basic_auth: null, headers: {}, secret_headers: [] });
  });
});

describe('check options: through the pipeline', () => {
  let target: Awaited<ReturnType<typeof startTargetSite>>;
  beforeAll(async () => {
    target = await startTargetSite();
  });
  afterAll(async () => {
    await target.down();
  });

  it('the checkers send the request the monitor describes and judge the answer by its assertions', async () => {
    target.answerWith({ status: 200, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ status: 'ok', version: 7 }) });
    const { token } = await signedInUser('options-pipeline');
    const created = await api<MonitorBody>('/api/monitors', {
      method: 'POST',
      token,
      body: {
        ...site,
        url: target.url('health'),
        method: 'POST',
        body: '{"probe":1}',
        headers: { 'X-Api-Key': 'pipeline-secret' },
        secret_headers: ['X-Api-Key'],
        basic_auth: { username: 'ops', password: 'pw-pipeline' },
        expected_status_codes: '200-299',
        keyword: '"status"',
        json_path: '$.status',
        json_expected: 'ok',
        header_name: 'Content-Type',
        header_expected: 'json',
      },
    });
    expect(created.status).toBe(201);
    // POST /api/monitors starts a round at once: every region checks.
    const up = await waitFor('the first round', async () => {
      const monitor = await monitorOf(token, created.body.id);
      return monitor.is_up !== null && monitor;
    });
    expect(up.is_up).toBe(true);
    const seen = target.requests.filter((request) => request.path === '/health');
    expect(seen.length).toBeGreaterThan(0);
    expect(seen[0]).toMatchObject({ method: 'POST', body: '{"probe":1}' });
    expect(seen[0]!.headers).toMatchObject({
      'x-api-key': 'pipeline-secret',
      authorization: `Basic ${Buffer.from('ops:pw-pipeline').toString('base64')}`,
      'content-type': 'application/json',
    });

    // The API now says "degraded": a down round through the pipeline opens an incident named after the assertion.
    target.answerWith({ status: 200, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ status: 'degraded', version: 7 }) });
    expect((await api(`/api/monitors/${created.body.id}`, { method: 'PUT', token, body: { status: 'paused' } })).status).toBe(200);
    expect((await api(`/api/monitors/${created.body.id}`, { method: 'PUT', token, body: { status: 'active' } })).status).toBe(200);
    const down = await waitFor('the assertion to fail', async () => {
      const monitor = await monitorOf(token, created.body.id);
      return monitor.is_up === false && monitor;
    });
    expect(down.latest_incident).toMatchObject({
      message: 'Your website is down: its answer does not contain the expected data.',
      details: { error_category: 'json_mismatch' },
    });
    const details = await api<{ recent_checks: { error_category: string; failed_assertions: string[]; message: string }[] }>(
      `/api/monitors/${created.body.id}`,
      { token },
    );
    expect(details.body.recent_checks[0]).toMatchObject({ error_category: 'json_mismatch', failed_assertions: ['json_path'] });
    expect(details.body.recent_checks[0]!.message).toBe('$.status is "degraded", expected "ok"');
  });
});
