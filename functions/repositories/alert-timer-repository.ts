import type { EscalationStep } from '../../shared/alerts/rules.js';
import type { AlertEvent } from '../../shared/checks/monitor-state.js';
import type { MonitorType } from '../../shared/monitors/monitor-types.js';
import { ALERT_TIMERS_PARTITION, alertTimerDueKey, alertTimerKey, ENTITY } from '../../shared/table/keys.js';
import * as table from './table-commands.js';
import { writeIfAllowed } from './table.js';

/**
 * An open down incident's reminders and escalation steps (keys.ts 45, 45b; docs/alerts.md "Alert
 * rules"). Written once when its down alert is fanned out, with the rules that applied then; the
 * alert-timers job works through the due ones and deletes a timer once its incident is resolved or
 * acknowledged, or nothing is left to do. While it waits it carries GSI1 keys: when it is next due.
 */
export interface AlertTimer {
  userId: string;
  incidentId: string;
  /** The down transition: reminders and steps are its later events (`<id>#r1`, `<id>#esc1`). */
  transitionId: string;
  monitorName: string;
  monitorUrl: string;
  monitorType: MonitorType;
  alert: AlertEvent;
  regions: { up: string[]; down: string[] } | null;
  openedAt: string;
  renotifyMinutes: number | null;
  escalation: EscalationStep[];
  /** Escalation steps already sent. */
  stepsDone: number;
  /** Reminders already sent. */
  reminders: number;
  /** GSI1SK: when next due. */
  dueAt: string;
}

const toTimer = (item: Record<string, unknown>): AlertTimer => ({
  userId: String(item.user_id),
  incidentId: String(item.incident_id),
  transitionId: String(item.transition_id),
  monitorName: String(item.monitor_name),
  monitorUrl: String(item.monitor_url),
  monitorType: item.monitor_type as MonitorType,
  alert: item.alert as AlertEvent,
  regions: (item.regions as AlertTimer['regions'] | undefined) ?? null,
  openedAt: String(item.opened_at),
  renotifyMinutes: typeof item.renotify_minutes === 'number' ? item.renotify_minutes : null,
  escalation: (item.escalation as EscalationStep[] | undefined) ?? [],
  stepsDone: Number(item.steps_done ?? 0),
  reminders: Number(item.reminders ?? 0),
  dueAt: String(item.GSI1SK),
});

/** Starts a timer unless the incident has one (a retried fan-out). */
export const startAlertTimer = async (timer: AlertTimer): Promise<boolean> =>
  writeIfAllowed(
    table.put({
      Item: {
        ...alertTimerKey(timer.userId, timer.incidentId),
        ...alertTimerDueKey(timer.dueAt),
        entity: ENTITY.alertTimer,
        user_id: timer.userId,
        incident_id: timer.incidentId,
        transition_id: timer.transitionId,
        monitor_name: timer.monitorName,
        monitor_url: timer.monitorUrl,
        monitor_type: timer.monitorType,
        alert: timer.alert,
        regions: timer.regions,
        opened_at: timer.openedAt,
        renotify_minutes: timer.renotifyMinutes,
        escalation: timer.escalation,
        steps_done: 0,
        reminders: 0,
      },
      ConditionExpression: 'attribute_not_exists(PK)',
    }),
  );

/** Timers due at or before `cutoff`, oldest first. */
export const listDueAlertTimers = async (cutoff: string, limit: number): Promise<AlertTimer[]> => {
  const { Items } = await table.query({
    IndexName: 'GSI1',
    KeyConditionExpression: 'GSI1PK = :pk AND GSI1SK <= :cutoff',
    ExpressionAttributeValues: { ':pk': ALERT_TIMERS_PARTITION, ':cutoff': cutoff },
    Limit: limit,
  });
  return (Items ?? []).map(toTimer);
};

/**
 * Records what was sent and when the timer is next due, only if nobody moved it since it was read
 * (its due time unchanged): false otherwise, and then this run leaves it.
 */
export const advanceAlertTimer = async (timer: AlertTimer, next: { stepsDone: number; reminders: number; dueAt: string }): Promise<boolean> =>
  writeIfAllowed(
    table.update({
      Key: alertTimerKey(timer.userId, timer.incidentId),
      UpdateExpression: 'SET steps_done = :steps, reminders = :reminders, GSI1SK = :due',
      ConditionExpression: 'GSI1SK = :seen',
      ExpressionAttributeValues: { ':steps': next.stepsDone, ':reminders': next.reminders, ':due': next.dueAt, ':seen': timer.dueAt },
    }),
  );

/** Claims a due timer for one run by moving it `leaseSeconds` ahead; false when another run has it. */
export const claimAlertTimer = async (timer: AlertTimer, leaseUntil: string): Promise<AlertTimer | null> => {
  const claimed = await writeIfAllowed(
    table.update({
      Key: alertTimerKey(timer.userId, timer.incidentId),
      UpdateExpression: 'SET GSI1SK = :lease',
      ConditionExpression: 'GSI1SK = :seen',
      ExpressionAttributeValues: { ':lease': leaseUntil, ':seen': timer.dueAt },
    }),
  );
  return claimed ? { ...timer, dueAt: leaseUntil } : null;
};

export const deleteAlertTimer = async (userId: string, incidentId: string): Promise<void> => {
  await table.delete({ Key: alertTimerKey(userId, incidentId) });
};
