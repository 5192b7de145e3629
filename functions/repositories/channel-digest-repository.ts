import type { ChannelType } from '../../shared/alerts/channels/index.js';
import { DIGEST_EVENT_TYPE, type ChannelAlert } from '../../shared/alerts/events.js';
import { deliveryKey, deliveryPendingKey, digestTransitionId, ENTITY, userKey } from '../../shared/table/keys.js';
import * as table from './table-commands.js';
import { resultIfAllowed } from './table.js';

/**
 * A channel's storm digest (docs/alerts.md "Storms and pacing"): a delivery item (keys.ts 41)
 * whose message is made, at send time, of the alerts that joined it (`members`, appended in one
 * conditional update each). A transition joins only a digest nobody has begun to send (pending,
 * no attempt yet) and not twice (`member_ids`); once the digest went, or is full, it joins the next
 * one of its window (generation 1, 2, ...). So every member is told once: by the try that read it.
 */

/** A digest lists at most this many alerts; the next one takes the rest. */
export const DIGEST_MAX_MEMBERS = 100;

/** A window never needs more digests than this per channel; past it something is wrong. */
const MAX_GENERATIONS = 50;

const isMemberOf = async (userId: string, key: string, transitionId: string): Promise<boolean> => {
  const { Item } = await table.get({ Key: { PK: userKey(userId).PK, SK: key }, ConsistentRead: true, ProjectionExpression: 'member_ids' });
  const ids = Item?.member_ids as Set<string> | undefined;
  return ids?.has(transitionId) ?? false;
};

/**
 * Adds one transition's alert to its window's digest for one channel. `created` is true when this
 * made the digest (the caller queues its message, due at `dueAt`); a transition already in a
 * digest of the window (a retried fan-out) changes nothing. `deliveryId` names the digest's
 * `webhook-id` from its transition id.
 */
export const joinDigest = async (opts: {
  userId: string;
  channelId: string;
  channelType: ChannelType;
  windowStart: string;
  transitionId: string;
  alert: ChannelAlert;
  dueAt: Date;
  now: Date;
  deliveryId: (digestTransitionId: string) => string;
}): Promise<{ created: boolean; key: string }> => {
  for (let generation = 0; generation < MAX_GENERATIONS; generation += 1) {
    const transitionId = digestTransitionId(opts.windowStart, generation);
    const key = deliveryKey(opts.userId, opts.channelId, opts.windowStart, transitionId);
    const due = opts.dueAt.toISOString();
    const joined = await resultIfAllowed(
      table.update({
        Key: key,
        UpdateExpression: [
          'SET #entity = if_not_exists(#entity, :entity), #id = if_not_exists(#id, :id), user_id = :user, channel_id = :channel,',
          'channel_type = :type, transition_id = :transition, #event = :event, #status = if_not_exists(#status, :pending),',
          'attempts = if_not_exists(attempts, :zero), created_at = if_not_exists(created_at, :now),',
          'next_attempt_at = if_not_exists(next_attempt_at, :due), GSI1PK = if_not_exists(GSI1PK, :pendingPk), GSI1SK = if_not_exists(GSI1SK, :due),',
          'members = list_append(if_not_exists(members, :empty), :member)',
          'ADD member_ids :memberIds, member_count :one',
        ].join(' '),
        ConditionExpression:
          'attribute_not_exists(PK) OR (#status = :pending AND attempts = :zero AND member_count < :max AND NOT contains(member_ids, :member_id))',
        ExpressionAttributeNames: { '#status': 'status', '#entity': 'entity', '#id': 'id', '#event': 'event' },
        ExpressionAttributeValues: {
          ':entity': ENTITY.channelDelivery,
          ':id': opts.deliveryId(transitionId),
          ':user': opts.userId,
          ':channel': opts.channelId,
          ':type': opts.channelType,
          ':transition': transitionId,
          ':event': DIGEST_EVENT_TYPE,
          ':pending': 'pending',
          ':zero': 0,
          ':now': opts.now.toISOString(),
          ':due': due,
          ':pendingPk': deliveryPendingKey(due).GSI1PK,
          ':empty': [],
          ':member': [opts.alert],
          ':memberIds': new Set([opts.transitionId]),
          ':member_id': opts.transitionId,
          ':one': 1,
          ':max': DIGEST_MAX_MEMBERS,
        },
        ReturnValues: 'UPDATED_OLD',
      }),
    );
    if (joined) return { created: joined.Attributes?.member_count === undefined, key: key.SK };
    if (await isMemberOf(opts.userId, key.SK, opts.transitionId)) return { created: false, key: key.SK };
  }
  throw new Error(`A storm window has more than ${MAX_GENERATIONS} digests for one channel`);
};
