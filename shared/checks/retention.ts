import { POLICY } from '../policies.js';
import { TIERS, type TierId } from '../tiers.js';

/**
 * What is kept for how long (docs/product-rules.md "Retention"). Raw check results, round history,
 * rollups and incidents expire by the workspace's tier (free 30 days, pro 90, business 1 year,
 * enterprise 3 years): the value of the table's TTL attribute, in epoch seconds. DynamoDB deletes
 * expired items lazily, so readers also filter on it.
 */
const DAY_SECONDS = 86_400;
const DAY_MS = DAY_SECONDS * 1000;

export const retentionSeconds = (tier: TierId): number => TIERS[tier].retentionDays * DAY_SECONDS;

export const expiresAt = (checkedAt: Date, tier: TierId): number =>
  Math.floor(checkedAt.getTime() / 1000) + retentionSeconds(tier);

/** Whether an item with TTL `expiresAtSeconds` is past it at `now` (DynamoDB may not have removed it yet). */
export const isExpired = (expiresAtSeconds: number, now: Date): boolean => expiresAtSeconds <= Math.floor(now.getTime() / 1000);

/**
 * An incident's TTL: the tier's retention counted from when it ended (docs/product-rules.md
 * "Retention"). An open incident has none: it never expires while it is open.
 */
export const incidentExpiresAt = (resolvedAt: string | null | undefined, tier: TierId): number | null =>
  resolvedAt ? expiresAt(new Date(resolvedAt), tier) : null;

/** The storage attributes of an incident that decide whether the user still sees it. */
export interface IncidentRetention {
  expires_at?: unknown;
  archived_at?: unknown;
}

/** Whether an incident item is past its TTL at `now`, gone for every reader though DynamoDB may not have deleted it yet. */
export const isPastTtl = (item: IncidentRetention, now: Date): boolean => typeof item.expires_at === 'number' && isExpired(item.expires_at, now);

/**
 * Whether an incident item is shown in lists, dashboards and status pages at `now`: not past its
 * TTL, and not archived by a downgrade to Free (archived ones are only in the export).
 */
export const isIncidentShown = (item: IncidentRetention, now: Date): boolean => typeof item.archived_at !== 'string' && !isPastTtl(item, now);

/** Whether an archived incident is still kept (in the export) at `now`: until its TTL. */
export const isArchiveKept = (item: IncidentRetention, now: Date): boolean => typeof item.archived_at === 'string' && !isPastTtl(item, now);

/**
 * When a downgrade to Free archives the workspace's old incidents: after the grace of
 * `POLICY.freeIncidentArchiveDays` (docs/product-rules.md "Retention").
 */
export const freeArchiveDueAt = (downgradedAt: Date): Date => new Date(downgradedAt.getTime() + POLICY.freeIncidentArchiveDays * DAY_MS);

/**
 * What the end of the Free grace does to one incident: an open one is left alone; one that ended
 * more than `POLICY.freeIncidentArchiveDays` ago is archived (it keeps the TTL its paid plan gave
 * it, so the archive expires when that plan would have deleted it); a newer one takes Free's TTL.
 */
export type FreeGraceStep = { kind: 'keep' } | { kind: 'archive' } | { kind: 'restamp'; expiresAt: number };

export const freeGraceStep = (resolvedAt: string | null | undefined, now: Date): FreeGraceStep => {
  if (!resolvedAt) return { kind: 'keep' };
  if (new Date(resolvedAt).getTime() <= now.getTime() - POLICY.freeIncidentArchiveDays * DAY_MS) return { kind: 'archive' };
  return { kind: 'restamp', expiresAt: incidentExpiresAt(resolvedAt, 'free')! };
};

/** A retention period as people say it: "30 days", "90 days", "1 year", "3 years". */
export const retentionPeriodText = (days: number): string => {
  if (days % 365 === 0) return days === 365 ? '1 year' : `${days / 365} years`;
  return `${days} days`;
};

/** What a plan keeps, for Settings > Export (docs/product-rules.md "Retention"); the values come from shared/tiers.ts. */
export const retentionExplanation = (tier: TierId): string =>
  `On the ${TIERS[tier].name} plan, check results, response-time history and incidents are kept ${retentionPeriodText(TIERS[tier].retentionDays)}. ` +
  'An incident is counted from when it ended; an open one is kept until it ends. A higher plan keeps what is written from then on longer, and its incidents at once.';

const dayText = (iso: string): string =>
  new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' }).format(new Date(iso));

/** The running Free grace, for Settings > Export. */
export const archiveDueText = (dueAt: string): string =>
  `Your move to the Free plan has a grace until ${dayText(dueAt)}. Then incidents that ended more than ${POLICY.freeIncidentArchiveDays} days before are archived: gone from your lists, dashboard and status pages, and still in the incidents export.`;

/** The archive, for Settings > Export. */
export const archivedIncidentsText = (count: number): string =>
  `${count === 1 ? '1 archived incident is' : `${count} archived incidents are`} kept in the incidents export (under "archived_incidents") until ${count === 1 ? 'its' : 'each one’s'} retention ends. Upgrading brings back those still inside the new plan’s retention.`;
