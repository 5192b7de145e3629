import type { ChannelType } from '../../../shared/alerts/channels/index.js';
import { DIGEST_EVENT_TYPE, type AlertDigest, type AlertTone, type ChannelAlert } from '../../../shared/alerts/events.js';

/**
 * The rules of a storm and of pacing (docs/alerts.md "Storms and pacing"), as pure functions so
 * their decisions are unit-tested apart from the table: which transitions go out on their own and
 * which join a digest, when a digest goes, what it says, and how far apart one destination's
 * messages must be.
 */

/** The first this many transitions of an account's storm window go out on their own; the rest join a digest. */
export const STORM_INDIVIDUAL_LIMIT = 5;

/** A digest goes this long after its window opened, gathering whatever joins meanwhile. */
export const DIGEST_GATHER_SECONDS = 30;

/** A later digest of the same window (the earlier one went) waits at least this long for company. */
export const LATE_DIGEST_GATHER_SECONDS = 5;

/**
 * PagerDuty is never digested: it wants one trigger per incident (its `dedup_key` is what resolves
 * it later) and groups alerts itself. A test is never part of a storm.
 */
export const joinsDigest = (opts: { seat: number; channelType: ChannelType; test: boolean }): boolean =>
  !opts.test && opts.channelType !== 'pagerduty' && opts.seat > STORM_INDIVIDUAL_LIMIT;

/** When a digest created now for a window that opened at `windowStart` is due. */
export const digestDueAt = (windowStart: string, now: Date): Date =>
  new Date(Math.max(Date.parse(windowStart) + DIGEST_GATHER_SECONDS * 1000, now.getTime() + LATE_DIGEST_GATHER_SECONDS * 1000));

const DOWN_TRANSITIONS: readonly string[] = ['down', 'slow'];
const UP_TRANSITIONS: readonly string[] = ['up', 'slow_resolved'];

const monitors = (count: number): string => `${count} monitor${count === 1 ? '' : 's'}`;
const verb = (count: number): string => (count === 1 ? 'is' : 'are');

/** "12 monitors are down", "12 monitors are down, 3 are back up", "2 monitors are slow", "4 alerts". */
export const digestHeadline = (down: readonly ChannelAlert[], up: readonly ChannelAlert[], other: readonly ChannelAlert[]): string => {
  const parts: string[] = [];
  if (down.length) {
    const slow = down.filter((alert) => alert.transition === 'slow').length;
    const state = slow === 0 ? 'down' : slow === down.length ? 'slow' : 'down or slow';
    parts.push(`${monitors(down.length)} ${verb(down.length)} ${state}`);
  }
  if (up.length) parts.push(parts.length ? `${up.length} ${verb(up.length)} back up` : `${monitors(up.length)} ${verb(up.length)} back up`);
  if (other.length) parts.push(parts.length ? `${other.length} more alert${other.length === 1 ? '' : 's'}` : `${other.length} alert${other.length === 1 ? '' : 's'}`);
  return parts.join(', ');
};

const toneOf = (down: readonly ChannelAlert[], up: readonly ChannelAlert[], other: readonly ChannelAlert[]): AlertTone => {
  const all = [...down, ...other];
  if (all.some((alert) => alert.tone === 'alert')) return 'alert';
  if (all.some((alert) => alert.tone === 'warning')) return 'warning';
  return up.length ? 'ok' : 'warning';
};

/** The digest of the alerts that joined it (in the order they joined), grouped by what happened. */
export const alertDigest = (members: readonly ChannelAlert[], appUrl: string): AlertDigest => {
  const down = members.filter((alert) => DOWN_TRANSITIONS.includes(alert.transition) && alert.type === 'incident.opened');
  const up = members.filter((alert) => UP_TRANSITIONS.includes(alert.transition));
  const other = members.filter((alert) => !down.includes(alert) && !up.includes(alert));
  const latest = members.reduce((at, alert) => (alert.occurred_at > at ? alert.occurred_at : at), members[0]?.occurred_at ?? new Date(0).toISOString());
  return {
    type: DIGEST_EVENT_TYPE,
    occurred_at: latest,
    test: false,
    headline: digestHeadline(down, up, other),
    tone: toneOf(down, up, other),
    down,
    up,
    other,
    links: { incidents: `${appUrl.replace(/\/$/, '')}/app/incidents` },
  };
};

/** How much further apart than the provider's own rate our messages to one destination go: clocks and networks jitter. */
export const PACING_MARGIN = 1.2;

/**
 * A delivery that holds a slot and comes back later than this after it takes a new one: sent so
 * late, the next message (on time for its own slot) could follow it closer than the provider allows.
 */
export const SLOT_TOLERANCE_MS = 100;

/**
 * A slot at most this far ahead is waited for in the process (after the try's reads, so the
 * message leaves on time); a later one sends the delivery back to the queue, due this long before
 * its slot (SQS delays are whole seconds, so it comes back a second or two early and waits).
 */
export const IN_PROCESS_WAIT_MS = 2000;

/** The spacing of one destination's messages: `perSeconds / messages` with the margin, in milliseconds. */
export const paceIntervalMs = (pacing: { messages: number; perSeconds: number }): number =>
  Math.ceil(((pacing.perSeconds * 1000) / pacing.messages) * PACING_MARGIN);

/**
 * The provider's own spacing, in milliseconds: a send waits at least this long after the
 * destination's previous send finished (a slow send reaches the provider late).
 */
export const providerGapMs = (pacing: { messages: number; perSeconds: number }): number => Math.ceil((pacing.perSeconds * 1000) / pacing.messages);

/** A send still unfinished this long after it began is taken as lost (its process died): no longer waited for. */
export const IN_FLIGHT_LIMIT_MS = 10_000;

/**
 * How much longer a send waits, its slot having come: while the destination's previous send is
 * still in flight, `in_flight` (look again shortly); else until the provider's spacing after that
 * send finished.
 */
export const gapWait = (
  last: { startedAt: number | null; finishedAt: number | null },
  pacing: { messages: number; perSeconds: number },
  now: Date,
): 'in_flight' | number => {
  const { startedAt, finishedAt } = last;
  if (startedAt !== null && (finishedAt === null || finishedAt < startedAt) && now.getTime() - startedAt < IN_FLIGHT_LIMIT_MS) return 'in_flight';
  return finishedAt === null ? 0 : Math.max(0, finishedAt + providerGapMs(pacing) - now.getTime());
};

/** Whether the slot a delivery took on an earlier try (`pacedAt`) still holds at `now`, or a new one is needed. */
export const keepsSlot = (pacedAt: string | null, now: Date): boolean =>
  pacedAt !== null && now.getTime() - Date.parse(pacedAt) <= SLOT_TOLERANCE_MS;

/** What a try does with its slot: send (after waiting `waitMs`), or go back to the queue until shortly before it. */
export type PaceStep = { step: 'send'; waitMs: number } | { step: 'requeue'; slotAt: Date; dueAt: Date };

export const paceStep = (slotMs: number, now: Date): PaceStep => {
  const waitMs = slotMs - now.getTime();
  if (waitMs <= IN_PROCESS_WAIT_MS) return { step: 'send', waitMs: Math.max(0, waitMs) };
  return { step: 'requeue', slotAt: new Date(slotMs), dueAt: new Date(slotMs - IN_PROCESS_WAIT_MS) };
};
