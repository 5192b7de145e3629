import type { ItemKey } from '../keys.js';

/**
 * Keys of alert channels and their deliveries (patterns 40-46). The access patterns are listed in
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

/** An account's storm window: when it began and how many transitions it has seated (pattern 44). */
export const stormWindowKey = (userId: string): ItemKey => ({ PK: `USER#${userId}`, SK: 'STORM' });

/** The seat one transition took in its account's storm window, so a retried fan-out decides the same (pattern 45). */
export const stormSeatKey = (userId: string, transitionId: string): ItemKey => ({ PK: `USER#${userId}`, SK: `STORM_SEAT#${transitionId}` });

/**
 * A channel's digest of one storm window: a delivery like the others (pattern 41), sorted by when
 * its window began; `generation` counts the digests of one window whose earlier one already went.
 */
export const digestTransitionId = (windowStart: string, generation: number): string => `digest-${windowStart}-${generation}`;

/** One destination's send slots (pattern 46); `destinationHash` is a hash, never the destination (it may hold a token). */
export const paceKey = (destinationHash: string): ItemKey => ({ PK: `PACE#${destinationHash}`, SK: 'PACE' });
