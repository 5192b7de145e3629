import { describe, expect, it } from 'vitest';
import {
  archiveDueText,
  archivedIncidentsText,
  expiresAt,
  freeArchiveDueAt,
  freeGraceStep,
  incidentExpiresAt,
  isArchiveKept,
  isExpired,
  isIncidentShown,
  retentionExplanation,
  retentionPeriodText,
  retentionSeconds,
} from '../../../shared/checks/retention.js';
import { POLICY } from '../../../shared/policies.js';
import { TIER_IDS } from '../../../shared/tiers.js';

const checkedAt = new Date('2026-03-02T10:00:05.750Z');
const checkedAtSeconds = Math.floor(checkedAt.getTime() / 1000);

describe('expiresAt', () => {
  it.each([
    ['free', 30],
    ['pro', 90],
    ['business', 365],
    ['enterprise', 3 * 365],
  ] as const)('keeps %s check results %i days', (tier, days) => {
    expect(expiresAt(checkedAt, tier)).toBe(checkedAtSeconds + days * 86_400);
  });

  it('is in whole epoch seconds, as DynamoDB TTL wants', () => {
    for (const tier of TIER_IDS) expect(Number.isInteger(expiresAt(checkedAt, tier))).toBe(true);
  });

  it('keeps results longer on every higher tier', () => {
    const seconds = TIER_IDS.map(retentionSeconds);
    expect([...seconds].sort((a, b) => a - b)).toEqual(seconds);
  });
});

describe('isExpired', () => {
  it('is expired from the TTL second on, even before DynamoDB removes the item', () => {
    const ttl = expiresAt(checkedAt, 'free');
    expect(isExpired(ttl, new Date((ttl - 1) * 1000))).toBe(false);
    expect(isExpired(ttl, new Date(ttl * 1000))).toBe(true);
  });
});

describe('incident retention (docs/product-rules.md "Retention")', () => {
  const ended = '2026-03-02T10:00:05.750Z';
  const endedSeconds = Math.floor(new Date(ended).getTime() / 1000);

  it('counts an incident from when it ended, by the plan; an open one never expires', () => {
    expect(incidentExpiresAt(ended, 'free')).toBe(endedSeconds + 30 * 86_400);
    expect(incidentExpiresAt(ended, 'enterprise')).toBe(endedSeconds + 3 * 365 * 86_400);
    expect(incidentExpiresAt(null, 'free')).toBeNull();
  });

  it('shows an incident until its TTL, and never an archived one, which the export keeps until its TTL', () => {
    const now = new Date('2026-04-01T00:00:00.000Z');
    const inside = { expires_at: Math.floor(now.getTime() / 1000) + 1 };
    const past = { expires_at: Math.floor(now.getTime() / 1000) };
    expect(isIncidentShown({}, now)).toBe(true);
    expect(isIncidentShown(inside, now)).toBe(true);
    expect(isIncidentShown(past, now)).toBe(false);
    expect(isIncidentShown({ ...inside, archived_at: ended }, now)).toBe(false);
    expect(isArchiveKept({ ...inside, archived_at: ended }, now)).toBe(true);
    expect(isArchiveKept({ ...past, archived_at: ended }, now)).toBe(false);
    expect(isArchiveKept(inside, now)).toBe(false);
  });

  it('ends the Free grace POLICY.freeIncidentArchiveDays after the downgrade', () => {
    const at = new Date('2026-05-01T00:00:00.000Z');
    expect(freeArchiveDueAt(at).getTime() - at.getTime()).toBe(POLICY.freeIncidentArchiveDays * 86_400_000);
  });

  it('at the end of the grace archives what ended more than 30 days ago, re-stamps newer ones to Free, leaves open ones', () => {
    const now = new Date('2026-06-01T00:00:00.000Z');
    const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000).toISOString();
    expect(freeGraceStep(null, now)).toEqual({ kind: 'keep' });
    expect(freeGraceStep(daysAgo(31), now)).toEqual({ kind: 'archive' });
    expect(freeGraceStep(daysAgo(30), now)).toEqual({ kind: 'archive' });
    expect(freeGraceStep(daysAgo(29), now)).toEqual({ kind: 'restamp', expiresAt: incidentExpiresAt(daysAgo(29), 'free') });
  });
});

describe('retention texts (Settings > Export)', () => {
  it('say each plan period as people do, from shared/tiers.ts', () => {
    expect(retentionPeriodText(30)).toBe('30 days');
    expect(retentionPeriodText(365)).toBe('1 year');
    expect(retentionPeriodText(3 * 365)).toBe('3 years');
    expect(retentionExplanation('business')).toMatch(/^On the Business plan, check results, response-time history and incidents are kept 1 year\. /);
  });

  it('name the grace end and the archive', () => {
    expect(archiveDueText('2026-12-28T09:20:59.782Z')).toMatch(/grace until December 28, 2026\. Then incidents that ended more than 30 days before are archived/);
    expect(archivedIncidentsText(1)).toMatch(/^1 archived incident is kept in the incidents export/);
    expect(archivedIncidentsText(3)).toMatch(/^3 archived incidents are kept/);
  });
});
