import { AlertRulesInput, DEFAULT_ALERT_RULES, type AlertRules } from '../../shared/alerts/rules.js';
import { alertRulesKey, ENTITY, monitorKey } from '../../shared/table/keys.js';
import type { ConfirmRounds } from '../../shared/checks/monitor-state.js';
import * as table from './table-commands.js';
import { writeIfAllowed } from './table.js';

/**
 * Alert rules at rest (docs/alerts.md "Alert rules"): the account's defaults are one item in the
 * owner's partition (keys.ts 43); a monitor's own rules are its `alert_rules` attribute. What the
 * result processor needs of them, the confirm rounds, is kept on every monitor item as
 * `down_after_rounds` / `up_after_rounds` (its own rules', or the account's for a monitor that
 * follows them), so a round reads nothing more than the monitor.
 */
export const getAccountAlertRules = async (userId: string): Promise<AlertRules> => {
  const { Item } = await table.get({ Key: alertRulesKey(userId) });
  const parsed = AlertRulesInput.safeParse(Item?.rules ?? {});
  return parsed.success ? parsed.data : DEFAULT_ALERT_RULES;
};

export const putAccountAlertRules = async (userId: string, rules: AlertRules, now: Date): Promise<void> => {
  await table.put({ Item: { ...alertRulesKey(userId), entity: ENTITY.alertRules, user_id: userId, rules, updated_at: now.toISOString() } });
};

export const confirmRoundsOf = (rules: AlertRules): ConfirmRounds => ({ down: rules.down_after_rounds, up: rules.up_after_rounds });

/** Sets a monitor's confirm rounds if it still follows the account's rules (has none of its own). */
export const setFollowedConfirmRounds = async (userId: string, monitorId: string, rounds: ConfirmRounds): Promise<boolean> =>
  writeIfAllowed(
    table.update({
      Key: monitorKey(userId, monitorId),
      UpdateExpression: 'SET down_after_rounds = :down, up_after_rounds = :up',
      ConditionExpression: 'attribute_exists(PK) AND attribute_not_exists(alert_rules)',
      ExpressionAttributeValues: { ':down': rounds.down, ':up': rounds.up },
    }),
  );

/** A monitor's own rules: null when it follows the account's; undefined when the monitor is gone. */
export const getMonitorAlertRules = async (userId: string, monitorId: string): Promise<AlertRules | null | undefined> => {
  const { Item } = await table.get({ Key: monitorKey(userId, monitorId), ProjectionExpression: 'id, alert_rules' });
  if (!Item) return undefined;
  const parsed = AlertRulesInput.safeParse(Item.alert_rules);
  return Item.alert_rules && parsed.success ? parsed.data : null;
};

/** The rules that apply to a monitor: its own, else the account's. */
export const effectiveAlertRules = async (userId: string, monitorId: string): Promise<AlertRules> =>
  (await getMonitorAlertRules(userId, monitorId)) ?? (await getAccountAlertRules(userId));
