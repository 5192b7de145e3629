import type { ItemKey } from '../keys.js';

/**
 * Keys of alert channels and their deliveries (patterns 40-48 and 89). The access patterns are listed in
 * ../keys.ts. Everything but the pending index lives in the owner's partition, so erasing an
 * account erases its channels, deliveries and SMS counters with it.
 */

export const CHANNEL_PREFIX = 'CHANNEL#';

export const channelKey = (userId: string, channelId: string): ItemKey => ({ PK: `USER#${userId}`, SK: `${CHANNEL_PREFIX}${channelId}` });

/** Every delivery of one channel sorts under this prefix, by the time of its transition. */
export const deliveryPrefix = (channelId: string): string => `DELIVERY#${channelId}#`;

/**
 * One transition's delivery to one channel: the same transition and channel always name the same
 * item, so fanning an alert out twice creates it once (`attribute_not_exists(PK)`).
 */
export const deliveryKey = (userId: string, channelId: string, occurredAt: string, transitionId: string): ItemKey => ({
  PK: `USER#${userId}`,
  SK: `${deliveryPrefix(channelId)}${occurredAt}#${transitionId}`,
});

/** Deliveries still to be made, by when they are next due (sparse; pattern 41b). */
export const DELIVERY_PENDING_PARTITION = 'CHANNEL_DELIVERY_PENDING';

export const deliveryPendingKey = (dueAt: string) => ({ GSI1PK: DELIVERY_PENDING_PARTITION, GSI1SK: dueAt });

/** Text messages sent in one calendar month (UTC), `month` as YYYY-MM (pattern 42). */
export const smsUsageKey = (userId: string, month: string): ItemKey => ({ PK: `USER#${userId}`, SK: `SMS_USAGE#${month}` });

/** The account's default alert rules (pattern 43). */
export const alertRulesKey = (userId: string): ItemKey => ({ PK: `USER#${userId}`, SK: 'ALERT_RULES' });

/** A one-click acknowledgement link by the hash of its token (pattern 44; TTL). */
export const ackTokenKey = (tokenHash: string): ItemKey => ({ PK: `ACK#${tokenHash}`, SK: 'ACK' });

/** An open incident's re-notification and escalation timer (pattern 45). */
export const alertTimerKey = (userId: string, incidentId: string): ItemKey => ({ PK: `USER#${userId}`, SK: `ALERT_TIMER#${incidentId}` });

/** Timers by when they are next due (sparse; pattern 45b). */
export const ALERT_TIMERS_PARTITION = 'ALERT_TIMERS';

export const alertTimerDueKey = (dueAt: string) => ({ GSI1PK: ALERT_TIMERS_PARTITION, GSI1SK: dueAt });

/** An account's storm window: when it began and how many transitions it has seated (pattern 46). */
export const stormWindowKey = (userId: string): ItemKey => ({ PK: `USER#${userId}`, SK: 'STORM' });

/** The seat one transition took in its account's storm window, so a retried fan-out decides the same (pattern 47). */
export const stormSeatKey = (userId: string, transitionId: string): ItemKey => ({ PK: `USER#${userId}`, SK: `STORM_SEAT#${transitionId}` });

/**
 * A channel's digest of one storm window: a delivery like the others (pattern 41), sorted by when
 * its window began; `generation` counts the digests of one window whose earlier one already went.
 */
export const digestTransitionId = (windowStart: string, generation: number): string => `${digestTransitionPrefix(windowStart)}${generation}`;

/** What every digest transition id of one window begins with; the generation follows. */
export const digestTransitionPrefix = (windowStart: string): string => `digest-${windowStart}-`;

/**
 * A channel's digests of one storm window (pattern 41c): their delivery keys (41) share this
 * prefix, so one Query finds the window's newest digest, where a join begins.
 */
export const windowDigestsPrefix = (channelId: string, windowStart: string): string =>
  `${deliveryPrefix(channelId)}${windowStart}#${digestTransitionPrefix(windowStart)}`;

/**
 * The members of one digest (pattern 89): every item under this prefix, in the digest's partition.
 * The prefix is the digest's own sort key behind `DIGEST_MEMBER#`, not after it, so a channel's
 * delivery log (pattern 41: begins_with DELIVERY#<channel>#) never reads a member.
 */
export const digestMemberPrefix = (digestKey: string): string => `DIGEST_MEMBER#${digestKey}#`;

/**
 * One transition's alert in one digest (pattern 89): the same transition and digest always name
 * the same item, so a transition joins a digest once (`attribute_not_exists(PK)`).
 */
export const digestMemberKey = (userId: string, digestKey: string, transitionId: string): ItemKey => ({
  PK: `USER#${userId}`,
  SK: `${digestMemberPrefix(digestKey)}${transitionId}`,
});

/** One destination's send slots (pattern 48); `destinationHash` is a hash, never the destination (it may hold a token). */
export const paceKey = (destinationHash: string): ItemKey => ({ PK: `PACE#${destinationHash}`, SK: 'PACE' });
