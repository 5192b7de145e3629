import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { AlertEvent, ApplyRoundResult, IncidentRecord, MonitorCheckState, OpenIncident } from '../../shared/checks/monitor-state.js';
import { DEFAULT_SLOW_THRESHOLD_MS } from '../../shared/checks/dispatch.js';
import type { RollupIncrement } from '../../shared/checks/rollups.js';
import {
  ENTITY,
  incidentKey,
  incidentListKey,
  monitorKey,
  outboxKey,
  rollupKey,
} from '../../shared/table/keys.js';
import { dynamo, tableName } from '../clients/dynamodb.js';
import { cancellationReasons, conditionFailedAt } from './dynamo-errors.js';

/**
 * The result processor's side of the monitor item: the check state (ARCHITECTURE.md §4) and the
 * one transaction that applies a decided round. See shared/checks/monitor-state.ts for the
 * compare-and-swap on `last_round`.
 */
export interface MonitorForChecks {
  userId: string;
  monitorId: string;
  name: string;
  url: string;
  slowThresholdMs: number;
  state: MonitorCheckState;
}

const toOpenIncident = (value: unknown): OpenIncident | null => {
  if (!value || typeof value !== 'object') return null;
  const open = value as Record<string, unknown>;
  return { id: String(open.id), type: open.type === 'slow' ? 'slow' : 'down', startedAt: String(open.startedAt) };
};

/** The monitor and its check state; null when it was deleted meanwhile. */
export const getMonitorForChecks = async (userId: string, monitorId: string): Promise<MonitorForChecks | null> => {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: monitorKey(userId, monitorId), ConsistentRead: true }),
  );
  if (!Item) return null;
  return {
    userId,
    monitorId,
    name: String(Item.name),
    url: String(Item.url),
    slowThresholdMs: Number(Item.slow_threshold_ms ?? DEFAULT_SLOW_THRESHOLD_MS),
    state: {
      isUp: typeof Item.is_up === 'boolean' ? Item.is_up : null,
      lastRound: typeof Item.last_round === 'string' ? Item.last_round : null,
      slowStreak: Number(Item.slow_streak ?? 0),
      slowSince: typeof Item.slow_since === 'string' ? Item.slow_since : null,
      openIncident: toOpenIncident(Item.open_incident),
    },
  };
};

type TransactItem = NonNullable<ConstructorParameters<typeof TransactWriteCommand>[0]['TransactItems']>[number];

const incidentItem = (monitor: MonitorForChecks, incident: IncidentRecord): TransactItem => ({
  Put: {
    TableName: tableName(),
    Item: {
      ...incidentKey(monitor.userId, incident.id),
      ...incidentListKey(incident.id),
      entity: ENTITY.incident,
      user_id: monitor.userId,
      monitor_name: monitor.name,
      monitor_url: monitor.url,
      ...incident,
    },
    ConditionExpression: 'attribute_not_exists(PK)',
  },
});

const outboxItem = (monitor: MonitorForChecks, alert: AlertEvent): TransactItem => ({
  Put: {
    TableName: tableName(),
    Item: {
      ...outboxKey(alert.transitionId),
      entity: ENTITY.outbox,
      user_id: monitor.userId,
      monitor_name: monitor.name,
      monitor_url: monitor.url,
      status: 'pending',
      created_at: alert.occurredAt,
      alert,
    },
    ConditionExpression: 'attribute_not_exists(PK)',
  },
});

/**
 * Writes a decided round in one transaction: the monitor (only if `last_round` is still what was
 * read), the incidents it opens, records or resolves, one outbox entry per alert, and the hour's
 * rollup. 'stale' when another processor applied a round first: re-read and apply again.
 */
export const commitRound = async (opts: {
  monitor: MonitorForChecks;
  round: string;
  applied: ApplyRoundResult;
  rollup: { hour: string; increment: RollupIncrement; expiresAt: number } | null;
}): Promise<'committed' | 'stale'> => {
  const { monitor, applied } = opts;
  const { state } = applied;
  const names: Record<string, string> = { '#lastRound': 'last_round' };
  const values: Record<string, unknown> = {
    ':round': opts.round,
    ':streak': state.slowStreak,
    ':slowSince': state.slowSince,
    ':open': state.openIncident,
  };
  const sets = ['#lastRound = :round', 'slow_streak = :streak', 'slow_since = :slowSince', 'open_incident = :open'];
  if (applied.monitor) {
    sets.push('is_up = :isUp', 'response_time = :responseTime', 'last_checked = :lastChecked');
    Object.assign(values, {
      ':isUp': applied.monitor.is_up,
      ':responseTime': applied.monitor.response_time,
      ':lastChecked': applied.monitor.last_checked,
    });
    if (applied.monitor.latest_incident) {
      sets.push('latest_incident = :latest');
      values[':latest'] = { ...applied.monitor.latest_incident, monitor_name: monitor.name, monitor_url: monitor.url };
    }
  }
  let condition = 'attribute_exists(PK) AND ';
  if (applied.expectedLastRound === null) condition += 'attribute_not_exists(#lastRound)';
  else {
    condition += '#lastRound = :expected';
    values[':expected'] = applied.expectedLastRound;
  }

  const items: TransactItem[] = [
    {
      Update: {
        TableName: tableName(),
        Key: monitorKey(monitor.userId, monitor.monitorId),
        UpdateExpression: `SET ${sets.join(', ')}`,
        ConditionExpression: condition,
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
      },
    },
  ];
  for (const effect of applied.effects) {
    if (effect.kind === 'incident_opened' || effect.kind === 'up_recorded') items.push(incidentItem(monitor, effect.incident));
    if (effect.kind === 'incident_resolved') {
      items.push({
        Update: {
          TableName: tableName(),
          Key: incidentKey(monitor.userId, effect.incidentId),
          // The monitor's condition already makes this happen once per round; no condition on the
          // incident's status, so one resolved meanwhile (by an operator) cannot fail the round forever.
          UpdateExpression: 'SET #status = :resolved, resolved_at = :at',
          ConditionExpression: 'attribute_exists(PK)',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: { ':resolved': 'resolved', ':at': effect.resolvedAt },
        },
      });
    }
    if (effect.kind === 'alert') items.push(outboxItem(monitor, effect.alert));
  }
  if (opts.rollup) {
    const { increment } = opts.rollup;
    items.push({
      Update: {
        TableName: tableName(),
        Key: rollupKey(monitor.monitorId, opts.rollup.hour),
        UpdateExpression:
          'SET entity = :entity, monitor_id = :monitor, expires_at = :expires ' +
          'ADD checks :checks, ups :ups, response_time_sum_ms :sum, response_time_count :count',
        ExpressionAttributeValues: {
          ':entity': ENTITY.rollup,
          ':monitor': monitor.monitorId,
          ':expires': opts.rollup.expiresAt,
          ':checks': increment.checks,
          ':ups': increment.ups,
          ':sum': increment.responseTimeSumMs,
          ':count': increment.responseTimeCount,
        },
      },
    });
  }

  try {
    await dynamo().send(new TransactWriteCommand({ TransactItems: items }));
    return 'committed';
  } catch (error) {
    if (conditionFailedAt(error, 0)) return 'stale';
    // Another processor holding the same round may be mid-write: treat it like a stale read.
    if (cancellationReasons(error)?.some((reason) => reason === 'TransactionConflict')) return 'stale';
    throw error;
  }
};
