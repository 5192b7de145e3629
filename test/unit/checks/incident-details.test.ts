import { describe, expect, it } from 'vitest';
import { ERROR_CATEGORIES, type ErrorCategory } from '../../../shared/checks/check-result.js';
import { SPECIAL_STATUS_CODES, failureText } from '../../../shared/checks/failure-texts.js';
import {
  INCIDENT_TITLES,
  incidentTitle,
  monitorTypeOfUrl,
  titleOfIncident,
  downIncident,
  durationInWords,
  recoveredIncident,
  secondsInWords,
  slowIncident,
  slowResolvedText,
  type IncidentText,
} from '../../../shared/checks/incident-details.js';

/** Every category, and for HTTP errors every special-cased code, a generic one and none. */
const CASES: [ErrorCategory, number | null][] = [
  ...ERROR_CATEGORIES.filter((c) => c !== 'http_4xx' && c !== 'http_5xx').map((c): [ErrorCategory, null] => [c, null]),
  ...[...SPECIAL_STATUS_CODES.http_4xx, 400, 405, 418, null].map((code): [ErrorCategory, number | null] => ['http_4xx', code]),
  ...[...SPECIAL_STATUS_CODES.http_5xx, 501, 520, null].map((code): [ErrorCategory, number | null] => ['http_5xx', code]),
];

const prose = (text: IncidentText): string[] => [
  text.title,
  text.message,
  text.details.impact_description,
  text.details.explanation,
  text.details.recommended_action,
];

describe('downIncident', () => {
  it.each(CASES)('gives %s (status %s) plain-language details with no underscores', (errorCategory, statusCode) => {
    const text = downIncident({ errorCategory, statusCode, responseTimeMs: 1500 });
    for (const sentence of prose(text)) {
      expect(sentence.trim().length).toBeGreaterThan(10);
      expect(sentence).not.toMatch(/_|undefined|null|NaN|\[object/);
    }
    expect(text.title).toBe('Website Down');
    // A heartbeat is a job, not a website: its incidents say so in their own words.
    if (errorCategory.startsWith('heartbeat_')) expect(text.message).toMatch(/^(No heartbeat received|Your job reported a failure).*\.$/);
    else expect(text.message).toMatch(/^Your website is down: .+\.$/);
    expect(text.details).toMatchObject({
      error_category: errorCategory,
      status_code: statusCode,
      response_time: 1.5,
      user_accessible: false,
    });
    expect(['HIGH', 'MEDIUM', 'LOW']).toContain(text.details.user_impact);
  });

  it('says a domain that does not resolve keeps visitors out, and to check the domain and DNS', () => {
    const { details } = downIncident({ errorCategory: 'dns_failure', statusCode: null, responseTimeMs: 40 });
    expect(details.impact_description).toBe("Visitors can't reach your site because its domain name doesn't resolve.");
    expect(details.recommended_action).toMatch(/^Check that your domain hasn't expired and that its DNS records point to your server/);
    expect(details.user_impact).toBe('HIGH');
  });

  it.each([
    [401, 'MEDIUM'],
    [403, 'MEDIUM'],
    [429, 'MEDIUM'],
    [404, 'HIGH'],
    [410, 'HIGH'],
    [400, 'HIGH'],
  ] as const)('rates HTTP %i as %s impact', (statusCode, impact) => {
    expect(downIncident({ errorCategory: 'http_4xx', statusCode, responseTimeMs: 100 }).details.user_impact).toBe(impact);
  });

  it.each([500, 502, 503, 504, 599])('rates server error %i as HIGH impact', (statusCode) => {
    expect(downIncident({ errorCategory: 'http_5xx', statusCode, responseTimeMs: 100 }).details.user_impact).toBe('HIGH');
  });

  it('words each special-cased status code differently from the generic text and from each other', () => {
    for (const family of ['http_4xx', 'http_5xx'] as const) {
      const generic = failureText(family, 999).explanation;
      const texts = SPECIAL_STATUS_CODES[family].map((code) => failureText(family, code).explanation);
      expect(new Set([...texts, generic]).size).toBe(texts.length + 1);
    }
  });

  it('names the status code of an HTTP error without its own wording', () => {
    expect(downIncident({ errorCategory: 'http_5xx', statusCode: 520, responseTimeMs: 80 }).details.explanation).toContain('520');
    expect(downIncident({ errorCategory: 'http_4xx', statusCode: 405, responseTimeMs: 80 }).message).toContain('405');
  });

  it('treats a failure without a category as unknown', () => {
    const text = downIncident({ errorCategory: null, statusCode: null, responseTimeMs: null });
    expect(text.details.error_category).toBe('unknown');
    expect(text.details.response_time).toBeNull();
  });

  it('rates a blocked target LOW: it is our refusal, not an outage', () => {
    expect(failureText('blocked_target', null).userImpact).toBe('LOW');
  });

  it('gives every category its own wording', () => {
    const explanations = ERROR_CATEGORIES.map((c) => failureText(c, null).explanation);
    expect(new Set(explanations).size).toBe(ERROR_CATEGORIES.length);
  });
});

describe('slowIncident', () => {
  it('rates a response over twice the threshold MEDIUM', () => {
    const text = slowIncident({ responseTimeMs: 10_001, slowThresholdMs: 5000, statusCode: 200 });
    expect(text.title).toBe('Performance Issue');
    expect(text.details).toMatchObject({
      user_impact: 'MEDIUM',
      error_category: 'slow_response',
      status_code: 200,
      response_time: 10.001,
      user_accessible: true,
    });
    expect(text.details.impact_description).toContain('about 10 seconds');
  });

  it('rates a response up to twice the threshold LOW', () => {
    const text = slowIncident({ responseTimeMs: 7200, slowThresholdMs: 5000, statusCode: 200 });
    expect(text.details.user_impact).toBe('LOW');
    expect(text.message).toBe('Your website is responding slowly: pages take about 7.2 seconds (your limit is 5 seconds).');
  });

  it('writes plain language with no underscores', () => {
    const text = slowIncident({ responseTimeMs: 6000, slowThresholdMs: 5000, statusCode: 200 });
    for (const sentence of prose(text)) expect(sentence).not.toContain('_');
  });
});

describe('recoveredIncident', () => {
  it('says how long the site was down', () => {
    const text = recoveredIncident({ responseTimeMs: 320, statusCode: 200, downtimeSeconds: 3900 });
    expect(text.title).toBe('Website Recovered');
    expect(text.message).toBe('Your website is back up after 1 hour 5 minutes of downtime.');
    expect(text.details).toMatchObject({ user_impact: 'LOW', error_category: null, response_time: 0.32, user_accessible: true });
    expect(text.details.explanation).toContain('down for 1 hour 5 minutes');
    for (const sentence of prose(text)) expect(sentence).not.toContain('_');
  });

  it('leaves the duration out when the start of the outage is unknown', () => {
    expect(recoveredIncident({ responseTimeMs: null, statusCode: 200, downtimeSeconds: null }).message).toBe(
      'Your website is back up.',
    );
  });

  it('uses the titles the Incidents card shows', () => {
    expect(INCIDENT_TITLES).toEqual({ down: 'Website Down', up: 'Website Recovered', slow: 'Performance Issue' });
  });

  it('tells the owner when a slow spell is over', () => {
    expect(slowResolvedText(1200).message).toBe(
      'Your website is responding at normal speed again after being slow for 20 minutes.',
    );
  });
});

describe('durations in words', () => {
  it.each([
    [0, 'less than a minute'],
    [59, 'less than a minute'],
    [60, '1 minute'],
    [600, '10 minutes'],
    // Two rounds' times 2 minutes apart (the incident's start and end), a few milliseconds short.
    [119.997, '2 minutes'],
    [119.4, '1 minute'],
    [3600, '1 hour'],
    [3660, '1 hour 1 minute'],
    [7500, '2 hours 5 minutes'],
    [86_400, '1 day'],
    [2 * 86_400 + 3 * 3600 + 59, '2 days 3 hours'],
    [-5, 'less than a minute'],
  ])('says %i s as "%s"', (seconds, words) => {
    expect(durationInWords(seconds)).toBe(words);
  });

  it.each([
    [1000, '1 second'],
    [7240, '7.2 seconds'],
    [12_400, '12 seconds'],
    [500, '0.5 seconds'],
  ])('says %i ms as "%s"', (ms, words) => {
    expect(secondsInWords(ms)).toBe(words);
  });
});

describe('heartbeat incidents (docs/checks.md "Heartbeat monitors")', () => {
  it('title a heartbeat\'s incidents by what happened to its job; a website keeps the product\'s titles', () => {
    expect(downIncident({ errorCategory: 'heartbeat_missing', statusCode: null, responseTimeMs: null }, 'heartbeat').title).toBe('Heartbeat Missed');
    expect(downIncident({ errorCategory: 'heartbeat_failed', statusCode: null, responseTimeMs: null }, 'heartbeat').title).toBe('Job Failed');
    expect(recoveredIncident({ responseTimeMs: null, statusCode: null, downtimeSeconds: 60, monitorType: 'heartbeat' }).title).toBe('Heartbeat Received Again');
    expect(downIncident({ errorCategory: 'connection_refused', statusCode: null, responseTimeMs: null }).title).toBe('Website Down');
    expect(downIncident({ errorCategory: 'connection_refused', statusCode: null, responseTimeMs: null }, 'tcp').title).toBe('Port Unreachable');
    expect(recoveredIncident({ responseTimeMs: 100, statusCode: 200, downtimeSeconds: 60 }).title).toBe('Website Recovered');
    expect(incidentTitle('up', { monitorType: monitorTypeOfUrl('heartbeat://m1') })).toBe('Heartbeat Received Again');
    expect(incidentTitle('down', { monitorType: monitorTypeOfUrl('https://shop.example.com') })).toBe('Website Down');
    // What the cards and the incident page show: the type read from the incident's monitor_url.
    expect(titleOfIncident({ alert_type: 'down', monitor_url: 'heartbeat://m1', details: { error_category: 'heartbeat_failed' } })).toBe('Job Failed');
    expect(titleOfIncident({ alert_type: 'up', monitor_url: 'heartbeat://m1', details: { error_category: null } })).toBe('Heartbeat Received Again');
    expect(titleOfIncident({ alert_type: 'down', monitor_url: 'https://shop.example.com', details: { error_category: 'http_5xx' } })).toBe('Website Down');
  });

  it('a heartbeat\'s recovery speaks of the job, with no status code or response time', () => {
    const text = recoveredIncident({ responseTimeMs: null, statusCode: null, downtimeSeconds: 3 * 3600, monitorType: 'heartbeat' });
    expect(text.message).toBe('Your job is checking in again after 3 hours without a good heartbeat.');
    expect(JSON.stringify(text)).not.toMatch(/website|site/i);
    expect(text.details).toMatchObject({ error_category: null, status_code: null, response_time: null, user_accessible: true });
  });
});
