import type { ChannelType } from '../../shared/alerts/channels/index.js';
import { DIGEST_EVENT_TYPE, type ChannelAlert } from '../../shared/alerts/events.js';
import {
  deliveryKey,
  deliveryPendingKey,
  digestMemberKey,
  digestMemberPrefix,
  digestTransitionId,
  digestTransitionPrefix,
  ENTITY,
  userKey,
  windowDigestsPrefix,
} from '../../shared/table/keys.js';
import { cancellationReasons } from './dynamo-errors.js';
import { DELIVERY_RETENTION_DAYS } from './channel-delivery-repository.js';
import { queryAll } from './query-all.js';
import * as table from './table-commands.js';
import { isTransactionConflict, MAX_CONFLICT_TRIES, retryingConflicts } from './transaction-conflicts.js';

/**
 * A channel's storm digest (docs/alerts.md "Storms and pacing"): a delivery item (keys.ts 41)
 * whose message is made, at send time, of the alerts that joined it. Each joining alert is an item
 * of its own beside the digest (keys.ts 89), written in one transaction with the digest's
 * counters, so a join writes two small items whatever the digest's size (docs/PERFORMANCE.md
 * "Alert storms" "One join, any size"; before, each join appended to a list in the digest item and
 * DynamoDB billed the whole item every time).
 *
 * A transition joins only a digest nobody has begun to send (pending, no attempt yet), not twice
 * (its member item exists), and at most DIGEST_MAX_MEMBERS; once the digest went, or is full, it
 * joins the next one of its window (generation 1, 2, ...). So every member is told once: by the
 * try that read it.
 *
 * Why the join and the first try cannot cross: the try's claim (channel-delivery-repository.ts
 * `claimDelivery`) is one conditional write of the digest item that raises `attempts`, and the join
 * is a transaction whose condition on the same item wants `attempts = 0`. DynamoDB orders a
 * transaction and a single-item write on a shared item one before the other (serializable), and
 * commits the member item with the digest's counters or not at all. So either the claim came first
 * and the join finds `attempts = 1` and goes to the next generation, or the join committed, member
 * item included, before the claim, and the try's strongly consistent Query (after its claim)
 * reads it. A member never lands in a digest whose try has already read its members.
 *
 * A digest written before the members had items of their own keeps its alerts in `members` and
 * their ids in `member_ids`; its sender reads that list and the member items both, and a join still
 * refuses a transition that list holds, so a digest pending across the change loses nobody.
 */

/** A digest lists at most this many alerts; the next one takes the rest. */
export const DIGEST_MAX_MEMBERS = 100;

/** A window never needs more digests than this per channel; past it something is wrong. */
const MAX_GENERATIONS = 50;

/** Members expire like deliveries, counted from the join: never after their digest (finished after every join). */
const memberExpiresAt = (now: Date): number => Math.floor(now.getTime() / 1000) + DELIVERY_RETENTION_DAYS * 86_400;

interface JoinOpts {
  /**
   * Whether this fan-out of the transition took its storm seat itself (storm-window-repository.ts):
   * then no earlier fan-out of it joined a digest, and the join begins at the window's newest
   * digest. A retried fan-out (its seat taken before) walks the window's digests from the first,
   * to find one it already joined.
   */
  firstJoin: boolean;
  userId: string;
  channelId: string;
  channelType: ChannelType;
  windowStart: string;
  transitionId: string;
  alert: ChannelAlert;
  dueAt: Date;
  now: Date;
  deliveryId: (digestTransitionId: string) => string;
}

/** The member item a transition writes into the digest `digestKey`. */
const memberPut = (opts: JoinOpts, digestKey: string): table.TableTransactItem => ({
  Put: {
    Item: {
      ...digestMemberKey(opts.userId, digestKey, opts.transitionId),
      entity: ENTITY.digestMember,
      transition_id: opts.transitionId,
      alert: opts.alert,
      joined_at: opts.now.toISOString(),
      expires_at: memberExpiresAt(opts.now),
    },
    ConditionExpression: 'attribute_not_exists(PK)',
  },
});

/**
 * What a join's transaction asks of the digest item: that it is not there yet (`create`: this join
 * makes it), that it is there and open (`join`), or either (`create_or_join`, the retried fan-out's
 * walk, which then reads back whether it made it).
 */
type JoinShape = 'create' | 'join' | 'create_or_join';

/** A digest a join may still enter: nobody began to send it, it is not full, and (old shape) it does not list the transition. */
const OPEN = '#status = :pending AND attempts = :zero AND member_count < :max AND NOT contains(member_ids, :member_id)';

const CONDITION_OF: Record<JoinShape, string> = {
  create: 'attribute_not_exists(PK)',
  join: `attribute_exists(PK) AND ${OPEN}`,
  // `member_ids` is only on a digest of the old shape (its members in a list): NOT contains is
  // true where it is absent.
  create_or_join: `attribute_not_exists(PK) OR (${OPEN})`,
};

/** The digest's counters: made by the first member, raised by each next one while nobody began to send it. */
const digestUpdate = (opts: JoinOpts, transitionId: string, digestKey: string, shape: JoinShape): table.TableTransactItem => {
  const due = opts.dueAt.toISOString();
  return {
    Update: {
      Key: { PK: userKey(opts.userId).PK, SK: digestKey },
      UpdateExpression: [
        'SET #entity = if_not_exists(#entity, :entity), #id = if_not_exists(#id, :id), user_id = :user, channel_id = :channel,',
        'channel_type = :type, transition_id = :transition, #event = :event, #status = if_not_exists(#status, :pending),',
        'attempts = if_not_exists(attempts, :zero), created_at = if_not_exists(created_at, :now),',
        'next_attempt_at = if_not_exists(next_attempt_at, :due), GSI1PK = if_not_exists(GSI1PK, :pendingPk), GSI1SK = if_not_exists(GSI1SK, :due),',
        'created_by = if_not_exists(created_by, :member_id)',
        'ADD member_count :one',
      ].join(' '),
      ConditionExpression: CONDITION_OF[shape],
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
        ':member_id': opts.transitionId,
        ':one': 1,
        // DynamoDB refuses a value no expression uses: `create` asks nothing of the count.
        ...(shape === 'create' ? {} : { ':max': DIGEST_MAX_MEMBERS }),
      },
    },
  };
};

type JoinTry = 'joined' | 'closed' | 'member';

/**
 * One transaction: the digest's counters and the member item, or neither. Joins of one storm meet on
 * the digest's item: one that met another tries again (transaction-conflicts.ts).
 */
const tryJoin = async (opts: JoinOpts, transitionId: string, digestKey: string, shape: JoinShape): Promise<JoinTry> => {
  try {
    await retryingConflicts(() => table.transact([digestUpdate(opts, transitionId, digestKey, shape), memberPut(opts, digestKey)]));
    return 'joined';
  } catch (error) {
    const reasons = cancellationReasons(error);
    if (!reasons) throw error;
    if (reasons[1] === 'ConditionalCheckFailed') return 'member';
    if (reasons[0] === 'ConditionalCheckFailed') return 'closed';
    if (isTransactionConflict(error)) throw new Error(`A digest join kept meeting other joins: ${MAX_CONFLICT_TRIES} tries`);
    throw error;
  }
};

/**
 * Whether a digest this transition could not join holds it already: its member item, or (a digest
 * of the old shape) its id in `member_ids`. Read rather than taken from the cancellation's reasons
 * alone, which need not name every failed condition.
 */
const alreadyJoined = async (userId: string, digestKey: string, transitionId: string): Promise<boolean> => {
  const [member, digest] = await Promise.all([
    table.get({ Key: digestMemberKey(userId, digestKey, transitionId), ConsistentRead: true, ProjectionExpression: 'PK' }),
    table.get({ Key: { PK: userKey(userId).PK, SK: digestKey }, ConsistentRead: true, ProjectionExpression: 'member_ids' }),
  ]);
  if (member.Item) return true;
  const ids = digest.Item?.member_ids as Set<string> | undefined;
  return ids?.has(transitionId) ?? false;
};

/**
 * Whether this transition's join made the digest: its `created_by` names it. A digest of the old
 * shape (`member_ids`) was made by the old code, and its first join since then wrote its own id
 * there: it made nothing.
 */
const madeBy = async (userId: string, digestKey: string, transitionId: string): Promise<boolean> => {
  const { Item } = await table.get({
    Key: { PK: userKey(userId).PK, SK: digestKey },
    ConsistentRead: true,
    ProjectionExpression: 'created_by, member_ids',
  });
  return Item?.created_by === transitionId && Item.member_ids === undefined;
};

/**
 * Where a first join begins (pattern 41c): the window's newest digest for the channel, joined when
 * it is still open, else the next generation, made. One strongly consistent Query of the window's
 * few digests (a window of 60 s holds a handful), where walking from the first digest cost a
 * failed transaction and two reads for every digest already sent (docs/PERFORMANCE.md "All at
 * once" "Fewer calls per alert").
 */
const firstJoinStart = async (opts: JoinOpts): Promise<{ generation: number; shape: JoinShape }> => {
  const prefix = digestTransitionPrefix(opts.windowStart);
  const digests = await queryAll({
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: { ':pk': userKey(opts.userId).PK, ':prefix': windowDigestsPrefix(opts.channelId, opts.windowStart) },
    ProjectionExpression: 'transition_id, #status, attempts, member_count',
    ConsistentRead: true,
  });
  // Generations are numbered, not padded: "-10" sorts before "-2", so the newest is the largest number.
  const newest = digests
    .map((item) => ({ ...item, generation: Number(String(item.transition_id).slice(prefix.length)) }))
    .filter((item) => Number.isInteger(item.generation))
    .reduce<(Record<string, unknown> & { generation: number }) | null>((max, item) => (!max || item.generation > max.generation ? item : max), null);
  if (!newest) return { generation: 0, shape: 'create' };
  const open = newest.status === 'pending' && newest.attempts === 0 && Number(newest.member_count) < DIGEST_MAX_MEMBERS;
  return open ? { generation: newest.generation, shape: 'join' } : { generation: newest.generation + 1, shape: 'create' };
};

/**
 * The digest generation this process last made or entered, per channel and storm window: where its
 * next first join to them begins, without the Query. Only a hint: a join that finds that digest
 * gone (sent, or full) asks the table (`firstJoinStart`). In a storm the joins of one window come
 * one after another to the same consumer, so most cost one transaction. Windows a few minutes old
 * are forgotten.
 */
const lastJoined = new Map<string, { generation: number; windowStartMs: number }>();
const HINTS_KEPT_MS = 5 * 60_000;
const MAX_HINTS = 1000;

const hintKey = (opts: JoinOpts): string => `${opts.userId}|${opts.channelId}|${opts.windowStart}`;

const rememberJoin = (opts: JoinOpts, generation: number): void => {
  if (lastJoined.size >= MAX_HINTS) {
    const oldest = opts.now.getTime() - HINTS_KEPT_MS;
    for (const [key, hint] of lastJoined) if (hint.windowStartMs < oldest) lastJoined.delete(key);
    if (lastJoined.size >= MAX_HINTS) lastJoined.clear();
  }
  lastJoined.set(hintKey(opts), { generation, windowStartMs: Date.parse(opts.windowStart) });
};

/** Forgets every hint (tests: a fresh process). */
export const forgetDigestHints = (): void => lastJoined.clear();

/**
 * Adds one transition's alert to its window's digest for one channel. `created` is true when this
 * made the digest (the caller queues its message, due at `dueAt`); a transition already in a
 * digest of the window (a retried fan-out) changes nothing. `deliveryId` names the digest's
 * `webhook-id` from its transition id.
 *
 * A first join begins at the digest this process last joined in the window, or else at the
 * window's newest (`firstJoinStart`), and knows from the shape of the write that succeeded
 * whether it made the digest. A retried fan-out walks from the first digest, as a transition it
 * already joined may be in any of them, and reads back whether it made the one it joins.
 */
export const joinDigest = async (opts: JoinOpts): Promise<{ created: boolean; key: string }> => {
  const hint = opts.firstJoin ? lastJoined.get(hintKey(opts)) : undefined;
  let hinted = hint !== undefined;
  let { generation, shape } = hint
    ? { generation: hint.generation, shape: 'join' as JoinShape }
    : opts.firstJoin
      ? await firstJoinStart(opts)
      : { generation: 0, shape: 'create_or_join' as JoinShape };
  // Two tries a generation at most (a `create` that finds the digest made meanwhile joins it), and one for a stale hint.
  for (let tries = 0; generation < MAX_GENERATIONS && tries <= 2 * MAX_GENERATIONS; tries += 1) {
    const transitionId = digestTransitionId(opts.windowStart, generation);
    const key = deliveryKey(opts.userId, opts.channelId, opts.windowStart, transitionId).SK;
    const outcome = await tryJoin(opts, transitionId, key, shape);
    if (outcome === 'joined') {
      if (opts.firstJoin) rememberJoin(opts, generation);
      // A transaction returns no values: after `create_or_join`, whether this join made the digest is
      // read back, once, from `created_by` (the first member's transition id).
      return { created: shape === 'create' || (shape === 'create_or_join' && (await madeBy(opts.userId, key, opts.transitionId))), key };
    }
    if (outcome === 'member') return { created: false, key };
    if (shape === 'create') {
      // Another join made it first: join it.
      shape = 'join';
      continue;
    }
    if (hinted) {
      // The digest this process knew went (or filled): the table says where the window stands now.
      hinted = false;
      ({ generation, shape } = await firstJoinStart(opts));
      continue;
    }
    if (!opts.firstJoin && (await alreadyJoined(opts.userId, key, opts.transitionId))) return { created: false, key };
    generation += 1;
    shape = opts.firstJoin ? 'create' : 'create_or_join';
  }
  throw new Error(`A storm window has more than ${MAX_GENERATIONS} digests for one channel`);
};

/**
 * The alerts of a digest as its try sends them, in the order they joined: those of the old shape's
 * list (`legacyMembers`, a digest written before members had items), then its member items, read
 * with one strongly consistent Query (page after page) after the claim, so every join that
 * committed before the claim is in it (see the note at the top).
 */
export const readDigestMembers = async (userId: string, digestKey: string, legacyMembers: readonly ChannelAlert[]): Promise<ChannelAlert[]> => {
  const items = await queryAll({
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
    ExpressionAttributeValues: { ':pk': userKey(userId).PK, ':prefix': digestMemberPrefix(digestKey) },
    ProjectionExpression: 'alert, joined_at, transition_id',
    ConsistentRead: true,
  });
  const joined = items
    .map((item) => ({ alert: item.alert as ChannelAlert, joinedAt: String(item.joined_at), id: String(item.transition_id) }))
    .sort((a, b) => (a.joinedAt === b.joinedAt ? a.id.localeCompare(b.id) : a.joinedAt < b.joinedAt ? -1 : 1));
  return [...legacyMembers, ...joined.map((member) => member.alert)];
};
