import { scheduleStartingSoon, shardOf } from '../../shared/checks/dispatch.js';
import type { OperatorHold } from '../../shared/monitors/schemas.js';
import { dueKey, MONITOR_LIST_PARTITION, monitorKey } from '../../shared/table/keys.js';
import { registerCheckIntervals } from './monitor-repository.js';
import * as table from './table-commands.js';
import { resultIfAllowed } from './table.js';

/**
 * An operator's pause or disable of one monitor and its lifting (docs/admin.md "Monitor holds").
 * The monitor keeps its place under its owner's cap throughout (unlike a plan's disable), so
 * lifting the hold puts it straight back into the schedule.
 */

/** Why a monitor is `disabled` when an operator disabled it (the owner cannot resume it). */
export const DISABLED_BY_OPERATOR = 'operator';

/** The monitor item by id alone, through the operators' list index (keys.ts 7); null when there is none. */
export const findMonitorById = async (monitorId: string): Promise<Record<string, unknown> | null> => {
  const { Items } = await table.query({
    IndexName: 'GSI1',
    KeyConditionExpression: 'GSI1PK = :pk AND GSI1SK = :id',
    ExpressionAttributeValues: { ':pk': MONITOR_LIST_PARTITION, ':id': monitorId },
  });
  return Items?.[0] ?? null;
};

/**
 * Pauses or disables the monitor for the operator's reason: out of the check schedule, the hold
 * stored on it. Refused (null) when the monitor is gone or is already disabled (by its plan, its
 * account or an operator); else the status it had.
 */
export const placeOperatorHold = async (userId: string, monitorId: string, hold: OperatorHold): Promise<string | null> => {
  const status = hold.action === 'disable' ? 'disabled' : 'paused';
  const answer = await resultIfAllowed(
    table.update({
      Key: monitorKey(userId, monitorId),
      UpdateExpression:
        hold.action === 'disable'
          ? 'SET #status = :status, operator_hold = :hold, disabled_reason = :reason REMOVE GSI2PK, GSI2SK, phase'
          : 'SET #status = :status, operator_hold = :hold REMOVE GSI2PK, GSI2SK, phase',
      ConditionExpression: 'attribute_exists(PK) AND #status <> :disabled',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: {
        ':status': status,
        ':hold': hold,
        ':disabled': 'disabled',
        ...(hold.action === 'disable' ? { ':reason': DISABLED_BY_OPERATOR } : {}),
      },
      ReturnValues: 'UPDATED_OLD',
    }),
  );
  return answer ? String(answer.Attributes?.status ?? 'active') : null;
};

/**
 * Lifts an operator's hold: the monitor is `active` again, checked within a couple of minutes
 * (dispatch.ts), the hold removed. Null when no hold of an operator is on it (nothing to lift);
 * else the status it had.
 */
export const liftOperatorHold = async (userId: string, monitorId: string, checkInterval: number, now: Date): Promise<string | null> => {
  const schedule = scheduleStartingSoon(monitorId, checkInterval, now);
  await registerCheckIntervals([schedule.intervalSeconds]);
  const due = dueKey(shardOf(monitorId), schedule.intervalSeconds, schedule.phaseSeconds);
  const answer = await resultIfAllowed(
    table.update({
      Key: monitorKey(userId, monitorId),
      UpdateExpression: 'SET #status = :active, GSI2PK = :duePk, GSI2SK = :dueSk, phase = :phase REMOVE operator_hold, disabled_reason',
      ConditionExpression: 'attribute_exists(operator_hold) AND (#status = :paused OR (#status = :disabled AND disabled_reason = :operator))',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: {
        ':active': 'active',
        ':paused': 'paused',
        ':disabled': 'disabled',
        ':operator': DISABLED_BY_OPERATOR,
        ':duePk': due.GSI2PK,
        ':dueSk': due.GSI2SK,
        ':phase': schedule.phaseSeconds,
      },
      ReturnValues: 'UPDATED_OLD',
    }),
  );
  return answer ? String(answer.Attributes?.status ?? '') : null;
};
