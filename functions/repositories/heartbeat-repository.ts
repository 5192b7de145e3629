import { createHash } from 'node:crypto';
import { ENTITY, heartbeatLookupKey, monitorKey, monitorStateKey, type ItemKey } from '../../shared/table/keys.js';
import { conditionFailedAt } from './dynamo-errors.js';
import { ownerGuards } from './round-items.js';
import * as table from './table-commands.js';
import { resultIfAllowed, transactIfAllowed } from './table.js';

/**
 * Heartbeat monitors in the table (docs/checks.md "Heartbeat monitors"): the push secret finds its
 * monitor through a lookup item keyed by the secret's SHA-256 (keys.ts 39, written and deleted with
 * the monitor), and each ping is stored in the monitor's state item (8c) next to what the rounds
 * write, so the result processor reads it with the state it already reads. A ping touches neither
 * `last_round` nor anything else a round sets, so it never fails a round's compare-and-swap.
 */
export const heartbeatKey = (token: string): ItemKey => heartbeatLookupKey(createHash('sha256').update(token, 'utf8').digest('hex'));

/** The lookup item of a new heartbeat monitor, for its create transaction. */
export const heartbeatLookupPut = (token: string, userId: string, monitorId: string) => ({
  Item: { ...heartbeatKey(token), entity: ENTITY.heartbeat, user_id: userId, monitor_id: monitorId },
  ConditionExpression: 'attribute_not_exists(PK)',
});

/** The monitor a push secret belongs to, or null. */
export const findHeartbeatMonitor = async (token: string): Promise<{ userId: string; monitorId: string } | null> => {
  const { Item } = await table.get({ Key: heartbeatKey(token) });
  return Item ? { userId: String(Item.user_id), monitorId: String(Item.monitor_id) } : null;
};

/** A lookup whose monitor is gone (erased with its account, or purged while disabled) is removed when it is next used. */
export const deleteHeartbeatLookup = async (token: string): Promise<void> => {
  await table.delete({ Key: heartbeatKey(token) });
};

/** The monitor item (its status and target), or undefined. */
export const getMonitorItem = async (userId: string, monitorId: string): Promise<Record<string, unknown> | undefined> =>
  (await table.get({ Key: monitorKey(userId, monitorId), ConsistentRead: true })).Item;

/**
 * Stores a ping in the state item; answers what the rounds last decided (is_up, last_round), or
 * null when the monitor or its account is gone. A ping updates a state item that is there; only the
 * first ping of a monitor no round has decided yet creates it, in a transaction with the owner's
 * guards (round-items.ts `ownerGuards`), so a ping in flight while the account is erased cannot put a
 * state item back into the erased partition (docs/security.md "Erasure").
 */
export const recordPing = async (opts: {
  userId: string;
  monitorId: string;
  at: string;
  failed: boolean;
}): Promise<{ isUp: boolean | null; lastRound: string | null } | null> => {
  const update = {
    Key: monitorStateKey(opts.userId, opts.monitorId),
    UpdateExpression: 'SET entity = :entity, user_id = :user, monitor_id = :monitor, last_ping_at = :at, last_ping_failed = :failed',
    ExpressionAttributeValues: {
      ':entity': ENTITY.monitorState,
      ':user': opts.userId,
      ':monitor': opts.monitorId,
      ':at': opts.at,
      ':failed': opts.failed,
    },
  };
  for (let attempt = 0; attempt < 2; attempt++) {
    const updated = await resultIfAllowed(table.update({ ...update, ConditionExpression: 'attribute_exists(PK)', ReturnValues: 'ALL_NEW' }));
    if (updated) {
      const { Attributes } = updated;
      return {
        isUp: typeof Attributes?.is_up === 'boolean' ? Attributes.is_up : null,
        lastRound: typeof Attributes?.last_round === 'string' ? Attributes.last_round : null,
      };
    }
    try {
      await table.transact([{ Update: { ...update, ConditionExpression: 'attribute_not_exists(PK)' } }, ...ownerGuards(opts, false)]);
      return { isUp: null, lastRound: null };
    } catch (error) {
      // Created by a round or another ping meanwhile: update it as it is now.
      if (conditionFailedAt(error, 0)) continue;
      if (conditionFailedAt(error, 1) || conditionFailedAt(error, 2)) return null;
      throw error;
    }
  }
  throw new Error(`The state item of monitor ${opts.monitorId} kept changing under a ping`);
};

/**
 * Gives a heartbeat monitor the push secret `next` in place of `current`, and swaps the lookup
 * items in the same transaction, so the old push URL is "not found" from the moment the new one
 * works (docs/checks.md "Heartbeat monitors"). Answers `changed` when the monitor is gone, no longer
 * a heartbeat, or another request changed its secret first; else `set`.
 */
export const replaceHeartbeatToken = async (opts: { userId: string; monitorId: string; current: string; next: string }): Promise<'set' | 'changed'> => {
  const refused = await transactIfAllowed(
    [
      {
        Update: {
          Key: monitorKey(opts.userId, opts.monitorId),
          UpdateExpression: 'SET #target.#token = :next',
          ConditionExpression: 'attribute_exists(PK) AND #target.#type = :heartbeat AND #target.#token = :current',
          ExpressionAttributeNames: { '#target': 'target', '#token': 'token', '#type': 'type' },
          ExpressionAttributeValues: { ':next': opts.next, ':current': opts.current, ':heartbeat': 'heartbeat' },
        },
      },
      { Put: heartbeatLookupPut(opts.next, opts.userId, opts.monitorId) },
      { Delete: { Key: heartbeatKey(opts.current) } },
    ],
    { 0: 'refused' as const },
  );
  return refused ? 'changed' : 'set';
};
