import { roundStartedAt } from '../../../shared/checks/check-round.js';
import { notFound } from '../../../shared/errors.js';
import { storedTarget } from '../../repositories/monitor-items.js';
import { deleteHeartbeatLookup, findHeartbeatMonitor, getMonitorItem, recordPing } from '../../repositories/heartbeat-repository.js';
import { startHeartbeatRounds } from '../checks/heartbeat-rounds.js';

/** A push secret is 32 random bytes in base64url (heartbeat-token.ts); anything else is no monitor's. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export interface HeartbeatAnswer {
  message: string;
}

/**
 * A ping of a heartbeat monitor's push URL (GET or POST /api/heartbeat/{token}, `/fail` for a
 * failure report; docs/checks.md "Heartbeat monitors"). The ping is stored; when it changes what
 * the monitor should show (it is down, pending, or this is a failure report), a round starts at
 * once, so the monitor is up again on the next ping rather than at its next slot. Its id is now,
 * or just after the last applied round if that is later, so the round is never taken for a late
 * one. An unknown or malformed secret is 404, the same answer whatever the reason.
 */
export const receiveHeartbeat = async ({ token, failed, now = new Date() }: { token: string; failed: boolean; now?: Date }): Promise<HeartbeatAnswer> => {
  if (!TOKEN_PATTERN.test(token)) throw notFound('Heartbeat monitor');
  const found = await findHeartbeatMonitor(token);
  if (!found) throw notFound('Heartbeat monitor');
  const item = await getMonitorItem(found.userId, found.monitorId);
  const target = item ? storedTarget(item) : undefined;
  if (!item || target?.type !== 'heartbeat' || target.token !== token) {
    if (!item) await deleteHeartbeatLookup(token);
    throw notFound('Heartbeat monitor');
  }
  const at = now.toISOString();
  const state = await recordPing({ userId: found.userId, monitorId: found.monitorId, at, failed });
  // Deleted, or its account is being erased, since it was read: the same 404 as an unknown secret.
  if (!state) throw notFound('Heartbeat monitor');
  if (item.status !== 'active') return { message: `Ping received; the monitor is ${String(item.status)}, so it is not checked` };
  if (failed || state.isUp !== true) {
    const afterLast = state.lastRound ? Date.parse(state.lastRound) + 1 : 0;
    const round = roundStartedAt(new Date(Math.max(now.getTime(), afterLast)));
    await startHeartbeatRounds([{ userId: found.userId, monitorId: found.monitorId, round, ...(round !== at ? { at } : {}) }], 0);
  }
  return { message: failed ? 'Failure reported' : 'Ping received' };
};
