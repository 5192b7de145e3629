import { ENTITY, paceKey } from '../../shared/table/keys.js';
import * as table from './table-commands.js';
import { resultIfAllowed } from './table.js';

/**
 * One destination's send slots (keys.ts 48; docs/alerts.md "Storms and pacing"): the item holds
 * the next free slot (`next_free`, epoch milliseconds). Taking a slot is one conditional update:
 * the destination is idle (its next free slot has passed) and the slot is now, or it is busy and
 * the slot is the next free one, which moves on by the interval (an atomic ADD). So every two
 * slots handed out for one destination are at least `intervalMs` apart, whoever takes them.
 */
const KEEP_SECONDS = 86_400;

const expiresAt = (nowMs: number): number => Math.floor(nowMs / 1000) + KEEP_SECONDS;

/** When (epoch milliseconds) this send may go: now when the destination is idle, else its next free slot. */
export const takePaceSlot = async (destinationHash: string, now: Date, intervalMs: number): Promise<number> => {
  const nowMs = now.getTime();
  const idle = await resultIfAllowed(
    table.update({
      Key: paceKey(destinationHash),
      UpdateExpression: 'SET entity = :entity, next_free = :next, expires_at = :expires',
      ConditionExpression: 'attribute_not_exists(next_free) OR next_free <= :now',
      ExpressionAttributeValues: { ':entity': ENTITY.paceSlot, ':next': nowMs + intervalMs, ':now': nowMs, ':expires': expiresAt(nowMs) },
    }),
  );
  if (idle) return nowMs;
  const busy = await table.update({
    Key: paceKey(destinationHash),
    UpdateExpression: 'SET expires_at = :expires ADD next_free :interval',
    ExpressionAttributeValues: { ':interval': intervalMs, ':expires': expiresAt(nowMs) },
    ReturnValues: 'UPDATED_NEW',
  });
  return Number(busy.Attributes?.next_free) - intervalMs;
};

/**
 * The destination's last send: when it began and when it finished (epoch milliseconds, null for
 * none). A send that took long (a cold connection) reached the provider late; the next one waits
 * for it to finish and then for the provider's spacing, so what the provider sees is paced too,
 * not only when we began to send.
 */
export const lastSend = async (destinationHash: string): Promise<{ startedAt: number | null; finishedAt: number | null }> => {
  const { Item } = await table.get({ Key: paceKey(destinationHash), ConsistentRead: true, ProjectionExpression: 'last_started, last_sent' });
  return {
    startedAt: typeof Item?.last_started === 'number' ? Item.last_started : null,
    finishedAt: typeof Item?.last_sent === 'number' ? Item.last_sent : null,
  };
};

/** Records that a send to the destination began (`last_started`) or finished (`last_sent`) at `atMs`, kept only if it is the latest. */
export const recordSend = async (destinationHash: string, what: 'started' | 'finished', atMs: number): Promise<void> => {
  await resultIfAllowed(
    table.update({
      Key: paceKey(destinationHash),
      UpdateExpression: 'SET #at = :at',
      ConditionExpression: 'attribute_not_exists(#at) OR #at < :at',
      ExpressionAttributeNames: { '#at': what === 'started' ? 'last_started' : 'last_sent' },
      ExpressionAttributeValues: { ':at': atMs },
    }),
  );
};

/**
 * Takes the destination's turn to send, atomically: only while no other send to it is in flight
 * (begun and not finished, unless begun more than `inFlightLimitMs` ago: that claimant died) and
 * the provider's gap has passed since the last send began and since it finished. Two deliverers
 * that read the same idle destination cannot both get here: one conditional update decides.
 * True when the turn is ours (`last_started` is now `nowMs`).
 */
export const claimSendTurn = async (destinationHash: string, nowMs: number, gapMs: number, inFlightLimitMs: number): Promise<boolean> =>
  (await resultIfAllowed(
    table.update({
      Key: paceKey(destinationHash),
      UpdateExpression: 'SET last_started = :now, expires_at = :expires',
      ConditionExpression:
        '(attribute_not_exists(last_started) OR last_started <= :gapAgo) AND ' +
        '(attribute_not_exists(last_sent) OR last_sent <= :gapAgo) AND ' +
        '(attribute_not_exists(last_started) OR last_sent >= last_started OR last_started <= :staleAgo)',
      ExpressionAttributeValues: {
        ':now': nowMs,
        ':gapAgo': nowMs - gapMs,
        ':staleAgo': nowMs - inFlightLimitMs,
        ':expires': expiresAt(nowMs),
      },
    }),
  )) !== null;
