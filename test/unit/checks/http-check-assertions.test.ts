import http from 'node:http';
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { CHECK_LIMITS } from '../../../functions/checks/http-attempt.js';
import { runHttpCheck, type HttpCheckDeps, type HttpCheckJob } from '../../../functions/checks/http-check.js';
import { localKeyRing, monitorSecretContext, openSecret, sealSecret } from '../../../functions/secrets/envelope.js';
import { effectiveSlowThresholdMs } from '../../../shared/monitors/check-option-rules.js';
import type { CheckOptions } from '../../../shared/monitors/check-options.js';

// Request options and assertions (docs/checks.md) against real loopback servers with known
// answers: what the server received, and what the check made of what it answered.

const ring = localKeyRing('unit-test-secrets-key');
const context = monitorSecretContext('mon-1');
const DEPS: HttpCheckDeps = { allowLoopback: true, openSecret: (sealed) => openSecret(sealed, context, ring) };

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

interface Seen {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

const site = async (handler: (req: http.IncomingMessage, res: http.ServerResponse, body: string) => void) => {
  const seen: Seen[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      handler(req, res, body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(() => {
    server.closeAllConnections();
    return new Promise((resolve) => server.close(() => resolve()));
  });
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen };
};

/** A site answering every request with this status, headers and body. */
const answering = (status: number, body: string, headers: Record<string, string> = { 'content-type': 'text/html' }) =>
  site((_req, res) => res.writeHead(status, headers).end(body));

const check = (url: string, options?: CheckOptions, overrides: Partial<HttpCheckJob> = {}) =>
  runHttpCheck(
    { monitorId: 'mon-1', url, timeoutSeconds: 2, slowThresholdMs: 5_000, region: 'eu-west-1', round: '2026-03-02T10:00:00.000Z', options, ...overrides },
    DEPS,
  );

const PAGE = '<html><body><h1>Welcome to the Shop</h1><p>All systems operational</p></body></html>';
const HEALTH = JSON.stringify({ status: 'ok', checks: { db: 'up' }, regions: ['eu', 'us'], version: 3 });

describe('request options', () => {
  it('sends the method, headers, body with its content type, and basic auth (secrets opened)', async () => {
    const target = await answering(201, 'created');
    const options: CheckOptions = {
      method: 'POST',
      headers: [
        { name: 'X-Plain', value: 'visible' },
        { name: 'X-Api-Key', sealed: await sealSecret('top-secret', context, ring) },
      ],
      body: '{"ping":true}',
      basic_auth: { username: 'ada', password_sealed: await sealSecret('pa55:word', context, ring) },
    };
    const result = await check(`${target.origin}/api`, options);
    expect(result).toMatchObject({ outcome: 'up', statusCode: 201, errorCategory: null });
    const [request] = target.seen;
    expect(request).toMatchObject({ method: 'POST', body: '{"ping":true}' });
    expect(request!.headers).toMatchObject({
      'x-plain': 'visible',
      'x-api-key': 'top-secret',
      'content-type': 'application/json',
      authorization: `Basic ${Buffer.from('ada:pa55:word').toString('base64')}`,
    });
  });

  it('uses the content type it is given, and every method of the list', async () => {
    const target = await answering(200, '');
    await check(target.origin, { method: 'PUT', body: 'a=1', body_content_type: 'application/x-www-form-urlencoded' });
    for (const method of ['PATCH', 'DELETE', 'OPTIONS', 'HEAD'] as const) {
      expect((await check(target.origin, { method })).outcome).toBe('up');
    }
    expect(target.seen.map((request) => request.method)).toEqual(['PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD']);
    expect(target.seen[0]!.headers['content-type']).toBe('application/x-www-form-urlencoded');
  });

  it('with follow_redirects off, the redirect is the answer; on, it is followed', async () => {
    const target = await site((req, res) => (req.url === '/old' ? res.writeHead(302, { location: '/new' }).end() : res.end('new page')));
    expect(await check(`${target.origin}/old`, { follow_redirects: false })).toMatchObject({ outcome: 'up', statusCode: 302 });
    expect(await check(`${target.origin}/old`)).toMatchObject({ outcome: 'up', statusCode: 200 });
    const refused = await check(`${target.origin}/old`, { follow_redirects: false, expected_status_codes: '200' });
    expect(refused).toMatchObject({ outcome: 'down', errorCategory: 'unexpected_status', failedAssertions: ['status'] });
  });

  it('a 303 after a POST continues as a GET without body; credentials never go to another origin', async () => {
    const other = await answering(200, 'elsewhere');
    const first = await site((_req, res) => res.writeHead(303, { location: `${other.origin}/landing` }).end());
    const options: CheckOptions = {
      method: 'POST',
      body: 'x',
      headers: [{ name: 'X-Token', sealed: await sealSecret('t0k3n', context, ring) }, { name: 'X-Plain', value: 'p' }],
      basic_auth: { username: 'ada', password_sealed: await sealSecret('pw', context, ring) },
    };
    expect((await check(first.origin, options)).outcome).toBe('up');
    expect(first.seen[0]).toMatchObject({ method: 'POST', body: 'x' });
    expect(other.seen[0]).toMatchObject({ method: 'GET', body: '' });
    expect(other.seen[0]!.headers['x-plain']).toBe('p');
    expect(other.seen[0]!.headers['x-token']).toBeUndefined();
    expect(other.seen[0]!.headers.authorization).toBeUndefined();
  });

  it('a secret that cannot be opened is our failure, named as such', async () => {
    const target = await answering(200, 'ok');
    const sealedElsewhere = await sealSecret('pw', monitorSecretContext('another-monitor'), ring);
    const result = await check(target.origin, { basic_auth: { username: 'a', password_sealed: sealedElsewhere } });
    expect(result).toMatchObject({ outcome: 'down', errorCategory: 'unknown' });
    expect(result.message).toMatch(/could not open the monitor's stored secrets/);
    expect(target.seen).toHaveLength(0);
  });
});

describe('assertions', () => {
  it('expected_status_codes: lists and ranges; without it 200-399 as before', async () => {
    const notFound = await answering(404, 'gone');
    expect(await check(notFound.origin)).toMatchObject({ outcome: 'down', errorCategory: 'http_4xx', message: 'HTTP 404' });
    expect((await check(notFound.origin, { expected_status_codes: '200-299,404' })).outcome).toBe('up');
    const noContent = await answering(204, '');
    const refused = await check(noContent.origin, { expected_status_codes: '200, 301-302' });
    expect(refused).toMatchObject({ outcome: 'down', errorCategory: 'unexpected_status' });
    expect(refused.message).toBe('HTTP 204 is not one of the expected status codes 200, 301-302');
    const error = await answering(503, 'busy');
    expect(await check(error.origin, { expected_status_codes: '200' })).toMatchObject({ errorCategory: 'http_5xx', failedAssertions: ['status'] });
  });

  it('keyword present / absent, with and without case', async () => {
    const target = await answering(200, PAGE);
    expect((await check(target.origin, { keyword: 'welcome to the shop' })).outcome).toBe('up');
    const caseMiss = await check(target.origin, { keyword: 'welcome to the shop', keyword_case_sensitive: true });
    expect(caseMiss).toMatchObject({ outcome: 'down', errorCategory: 'keyword_missing', failedAssertions: ['keyword'] });
    expect(caseMiss.message).toBe('the keyword "welcome to the shop" is not in the page');
    expect((await check(target.origin, { keyword: 'Fatal error', keyword_mode: 'absent' })).outcome).toBe('up');
    expect(await check(target.origin, { keyword: 'OPERATIONAL', keyword_mode: 'absent' })).toMatchObject({
      outcome: 'down',
      errorCategory: 'keyword_found',
    });
  });

  it('json_path equals / contains / exists, and an answer that is not JSON', async () => {
    const target = await answering(200, HEALTH, { 'content-type': 'application/json' });
    expect((await check(target.origin, { json_path: '$.status', json_expected: 'ok' })).outcome).toBe('up');
    expect((await check(target.origin, { json_path: 'checks.db', json_match: 'equals', json_expected: 'up' })).outcome).toBe('up');
    expect((await check(target.origin, { json_path: '$.version', json_expected: '3' })).outcome).toBe('up');
    expect((await check(target.origin, { json_path: '$.regions', json_match: 'contains', json_expected: 'us' })).outcome).toBe('up');
    expect((await check(target.origin, { json_path: "$['checks']['db']", json_match: 'exists' })).outcome).toBe('up');
    const wrong = await check(target.origin, { json_path: '$.status', json_expected: 'degraded' });
    expect(wrong).toMatchObject({ outcome: 'down', errorCategory: 'json_mismatch', message: '$.status is "ok", expected "degraded"' });
    expect((await check(target.origin, { json_path: '$.regions[5]', json_match: 'exists' })).message).toBe('the JSON has no value at $.regions[5]');
    const html = await answering(200, PAGE);
    expect((await check(html.origin, { json_path: '$.status' })).message).toBe('the answer is not JSON, so $.status cannot be read');
  });

  it('response header equals / contains / exists', async () => {
    const target = await answering(200, '{}', { 'content-type': 'application/json; charset=utf-8', 'x-served-by': 'edge-7' });
    expect((await check(target.origin, { header_name: 'Content-Type', header_match: 'contains', header_expected: 'JSON' })).outcome).toBe('up');
    expect((await check(target.origin, { header_name: 'x-served-by', header_match: 'equals', header_expected: 'edge-7' })).outcome).toBe('up');
    expect((await check(target.origin, { header_name: 'X-Served-By' })).outcome).toBe('up');
    const missing = await check(target.origin, { header_name: 'Cache-Control' });
    expect(missing).toMatchObject({ outcome: 'down', errorCategory: 'header_mismatch', message: 'the answer has no Cache-Control header' });
    const other = await check(target.origin, { header_name: 'x-served-by', header_match: 'equals', header_expected: 'edge-8' });
    expect(other.message).toBe('the x-served-by header is "edge-7", expected "edge-8"');
  });

  it('every failing assertion is named; the first gives the category', async () => {
    const target = await answering(500, 'Fatal error', { 'content-type': 'text/plain' });
    const result = await check(target.origin, { keyword: 'Welcome', header_name: 'x-version', json_path: '$.a' });
    expect(result.errorCategory).toBe('http_5xx');
    expect(result.failedAssertions).toEqual(['status', 'keyword', 'json_path', 'header']);
    expect(result.attempts).toBe(2);
  });

  it('a body larger than the read cap says so instead of guessing', async () => {
    const big = 'x'.repeat(CHECK_LIMITS.bodyCapBytes + 4096);
    const target = await answering(200, `${big}needle`);
    const result = await check(target.origin, { keyword: 'needle' });
    expect(result).toMatchObject({ outcome: 'down', errorCategory: 'body_too_large', failedAssertions: ['keyword'] });
    expect(result.message).toBe('the body is larger than 1024 KiB, the most a check reads, so the keyword cannot be checked');
    // Found within the part that was read: it holds.
    expect((await check(target.origin, { keyword: 'xxxx' })).outcome).toBe('up');
    expect((await check(target.origin, { json_path: '$.a' })).errorCategory).toBe('body_too_large');
    // Without body assertions a big page is still just an answer.
    expect((await check(target.origin)).outcome).toBe('up');
  });

  it('max_response_time_ms: a slower answer is degraded, not down', async () => {
    const target = await site((_req, res) => setTimeout(() => res.end('late'), 150));
    const slowThresholdMs = effectiveSlowThresholdMs(5_000, { max_response_time_ms: 50 });
    expect(slowThresholdMs).toBe(50);
    const result = await check(target.origin, { max_response_time_ms: 50 }, { slowThresholdMs });
    expect(result).toMatchObject({ outcome: 'degraded', errorCategory: null });
  });
});

describe('a keyword in the character set the page declares (docs/checks.md "Character sets")', () => {
  const fixture = (name: string) => readFileSync(new URL(`../../fixtures/charset/${name}`, import.meta.url));
  const serving = (body: Buffer, contentType: string) => site((_req, res) => res.writeHead(200, { 'content-type': contentType }).end(body));

  it('a Latin-1 page declared by <meta charset> matches its accented keyword', async () => {
    const target = await serving(fixture('latin1-meta.html'), 'text/html');
    expect(await check(target.origin, { keyword: 'café crème' })).toMatchObject({ outcome: 'up' });
    expect(await check(target.origin, { keyword: 'CAFÉ' })).toMatchObject({ outcome: 'up' });
    expect(await check(target.origin, { keyword: 'café crème', keyword_mode: 'absent' })).toMatchObject({ outcome: 'down', errorCategory: 'keyword_found' });
  });

  it('a Shift_JIS page declared by <meta http-equiv> matches its Japanese keyword', async () => {
    const target = await serving(fixture('shift_jis-http-equiv.html'), 'text/html');
    expect(await check(target.origin, { keyword: 'オンラインショップ' })).toMatchObject({ outcome: 'up' });
  });

  it('the Content-Type header charset decides for a body without a declaration of its own', async () => {
    const target = await serving(fixture('shift_jis-plain.txt'), 'text/plain; charset=Shift_JIS');
    expect(await check(target.origin, { keyword: '在庫あり' })).toMatchObject({ outcome: 'up' });
  });

  it('read as UTF-8 the same bytes would not match: the declaration is what makes it work', async () => {
    const target = await serving(fixture('shift_jis-plain.txt'), 'text/plain');
    expect(await check(target.origin, { keyword: '在庫あり' })).toMatchObject({ outcome: 'down', errorCategory: 'keyword_missing' });
  });
});
