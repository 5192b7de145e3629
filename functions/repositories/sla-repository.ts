import { decodeRounds } from '../../shared/checks/round-history.js';
import type { RegionAnswer } from '../../shared/sla/figures.js';
import { ENTITY, monitorPartition, monitorSlaTargetKey, ROUNDS_SK_PREFIX, SLA_TARGET_SK, workspaceKey, workspaceSlaTargetKey } from '../../shared/table/keys.js';
import { queryAll } from './query-all.js';
import * as table from './table-commands.js';

/**
 * What the SLA reports read and keep (docs/sla-reports.md): the targets (keys.ts 83-84, one Query
 * reads both kinds), the workspace's name, and a month's answers from the round history (9b).
 */

export interface SlaTargets {
  /** The workspace's own target; null when it never set one. */
  workspace: number | null;
  /** Monitor id -> its own target. */
  monitors: Map<string, number>;
}

export const readSlaTargets = async (workspaceId: string): Promise<SlaTargets> => {
  const items = await queryAll({
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
    ExpressionAttributeValues: { ':pk': workspaceSlaTargetKey(workspaceId).PK, ':prefix': SLA_TARGET_SK },
  });
  const targets: SlaTargets = { workspace: null, monitors: new Map() };
  for (const item of items) {
    if (typeof item.target_percent !== 'number') continue;
    if (item.SK === SLA_TARGET_SK) targets.workspace = item.target_percent;
    else targets.monitors.set(String(item.SK).slice(SLA_TARGET_SK.length + 1), item.target_percent);
  }
  return targets;
};

export const putWorkspaceSlaTarget = async (workspaceId: string, targetPercent: number, opts: { by: string; now: Date }): Promise<void> => {
  await table.put({
    Item: { ...workspaceSlaTargetKey(workspaceId), entity: ENTITY.slaTarget, target_percent: targetPercent, updated_by: opts.by, updated_at: opts.now.toISOString() },
  });
};

/** Sets one monitor's target, or removes it (null: the workspace's target applies again). */
export const putMonitorSlaTarget = async (
  workspaceId: string,
  monitorId: string,
  targetPercent: number | null,
  opts: { by: string; now: Date },
): Promise<void> => {
  const key = monitorSlaTargetKey(workspaceId, monitorId);
  if (targetPercent === null) {
    await table.delete({ Key: key });
    return;
  }
  await table.put({
    Item: { ...key, entity: ENTITY.slaTarget, monitor_id: monitorId, target_percent: targetPercent, updated_by: opts.by, updated_at: opts.now.toISOString() },
  });
};

/** The workspace's name (keys.ts 63), for the report's title; null when it has no record yet. */
export const readWorkspaceName = async (workspaceId: string): Promise<string | null> => {
  const found = await table.get({ Key: workspaceKey(workspaceId), ProjectionExpression: '#name', ExpressionAttributeNames: { '#name': 'name' } });
  return typeof found.Item?.name === 'string' ? found.Item.name : null;
};

/**
 * The answers with a response time (up or slow) of the rounds in [from, to), from the round history
 * items (9b). An item is keyed by its newest round and holds a few older ones, so the range reads a
 * day past `to` and keeps only the rounds inside. Stragglers stored on their own and the few rounds
 * still in the state item are not read (docs/sla-reports.md "Response times").
 */
export const listTimedAnswers = async (monitorId: string, from: Date, to: Date): Promise<RegionAnswer[]> => {
  const items = await queryAll({
    KeyConditionExpression: 'PK = :pk AND SK BETWEEN :from AND :to',
    ExpressionAttributeValues: {
      ':pk': monitorPartition(monitorId),
      ':from': `${ROUNDS_SK_PREFIX}${from.toISOString()}`,
      ':to': `${ROUNDS_SK_PREFIX}${new Date(to.getTime() + 86_400_000).toISOString()}`,
    },
    ProjectionExpression: 'rounds',
  });
  const fromIso = from.toISOString();
  const toIso = to.toISOString();
  const answers: RegionAnswer[] = [];
  for (const item of items) {
    for (const round of decodeRounds(typeof item.rounds === 'string' ? item.rounds : null, monitorId)) {
      if (round.round < fromIso || round.round >= toIso) continue;
      for (const result of round.results) {
        if (result.outcome !== 'down' && typeof result.timings?.total === 'number') answers.push({ region: result.region, responseTimeMs: result.timings.total });
      }
    }
  }
  return answers;
};
