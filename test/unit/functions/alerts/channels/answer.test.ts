import { describe, expect, it } from 'vitest';
import { outcomeOfAnswer, providerRequest, retryAfterSeconds } from '../../../../../functions/services/alerts/channels/answer.js';
import { answer, fakeDeps, NOW } from './fixtures.js';

const read = (status: number | null, headers: Record<string, string> = {}, body = '') =>
  outcomeOfAnswer(answer(status, body, headers, status === null ? 'timeout after 10000 ms' : undefined), { provider: 'Acme', now: NOW });

describe('outcomeOfAnswer', () => {
  it('counts any 2xx as delivered', () => {
    expect(read(200)).toEqual({ ok: true, httpStatus: 200, latencyMs: 42 });
    expect(read(204)).toMatchObject({ ok: true, httpStatus: 204 });
  });

  it('tries again after no answer, 408, 429 and 5xx', () => {
    expect(read(null)).toEqual({ ok: false, retryable: true, httpStatus: null, latencyMs: 42, error: 'Acme did not answer (timeout after 10000 ms); we try again.' });
    expect(read(408)).toMatchObject({ ok: false, retryable: true, httpStatus: 408 });
    expect(read(500)).toMatchObject({ ok: false, retryable: true, error: 'Acme had a problem on its side (500); we try again.' });
    expect(read(503)).toMatchObject({ ok: false, retryable: true });
    expect(read(429, { 'Retry-After': '7' })).toMatchObject({ ok: false, retryable: true, retryAfterSeconds: 7, error: 'Acme asked us to slow down (429); we try again in 7 s.' });
  });

  it('gives up on other 4xx, saying what the provider said', () => {
    expect(read(400, {}, 'bad   json\n here')).toEqual({ ok: false, retryable: false, httpStatus: 400, latencyMs: 42, error: 'Acme rejected the message (400: bad json here).' });
    expect(read(403)).toMatchObject({ retryable: false, error: "Acme refused the message (403): check this channel's credentials." });
    expect(read(404)).toMatchObject({ retryable: false });
    // A final answer carries no retry delay, even with the header.
    expect(read(400, { 'retry-after': '5' })).not.toHaveProperty('retryAfterSeconds');
  });

  it('lets a provider add its quirks', () => {
    const outcome = outcomeOfAnswer(answer(200, '{"ok":false}'), {
      provider: 'Acme',
      now: NOW,
      succeeded: ({ body }) => body.includes('"ok":true'),
      explain: () => 'Acme said no.',
    });
    expect(outcome).toMatchObject({ ok: false, retryable: false, error: 'Acme said no.' });
  });
});

describe('retryAfterSeconds', () => {
  it('reads seconds, fractions rounded up, and HTTP dates', () => {
    expect(retryAfterSeconds('120', NOW)).toBe(120);
    expect(retryAfterSeconds('0.4', NOW)).toBe(1);
    expect(retryAfterSeconds(new Date(NOW.getTime() + 30_000).toUTCString(), NOW)).toBe(30);
    expect(retryAfterSeconds('Mon, 01 Jan 2029 00:00:00 GMT', NOW)).toBe(0);
    expect(retryAfterSeconds('soon', NOW)).toBeUndefined();
    expect(retryAfterSeconds(undefined, NOW)).toBeUndefined();
  });
});

describe('providerRequest', () => {
  it('goes where providerUrl says and names the real URL only when it is elsewhere', () => {
    const { deps } = fakeDeps();
    const direct = providerRequest(deps, 'teams', 'https://x.logic.azure.com/workflows/1', { a: 1 });
    expect(direct).toEqual({
      url: 'https://x.logic.azure.com/workflows/1',
      headers: { 'content-type': 'application/json', 'user-agent': 'Upwatch-Alerts/1' },
      body: '{"a":1}',
    });
    const sunk = providerRequest({ providerUrl: (type, url) => `http://127.0.0.1:8010/${type}${new URL(url).pathname}` }, 'teams', 'https://x.logic.azure.com/workflows/1', {});
    expect(sunk.url).toBe('http://127.0.0.1:8010/teams/workflows/1');
    expect(sunk.headers['x-upwatch-original-url']).toBe('https://x.logic.azure.com/workflows/1');
  });
});
