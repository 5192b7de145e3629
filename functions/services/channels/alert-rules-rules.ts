import { channelIdsOfRules, isCustomAlertRules, type AlertRules } from '../../../shared/alerts/rules.js';
import { tierRank } from '../../../shared/billing/plans.js';
import type { ConfirmRounds } from '../../../shared/checks/monitor-state.js';
import { AppError } from '../../../shared/errors.js';
import type { Tier } from '../../../shared/tiers.js';
import { confirmRoundsOf, getAccountAlertRules } from '../../repositories/alert-rules-repository.js';
import { ownChannelIds } from './monitor-channels.js';

/** The lowest plan whose monitors may have rules other than the defaults ("Custom alert rules"). */
export const CUSTOM_RULES_TIER = 'pro' as const;

export const customRulesAllowed = (tier: Tier): boolean => tierRank(tier.id) >= tierRank(CUSTOM_RULES_TIER);

/**
 * Rules a caller may save (docs/alerts.md "Alert rules"): anything but the defaults needs the Pro
 * plan or above, and every escalation channel must be theirs. `field` names where they were sent.
 */
export const assertAlertRulesAllowed = async (userId: string, tier: Tier, rules: AlertRules, field: string): Promise<void> => {
  if (isCustomAlertRules(rules) && !customRulesAllowed(tier)) {
    const detail = `Custom alert rules are available on the Pro plan and above; your plan is ${tier.name}. Upgrade to change them.`;
    throw new AppError('VALIDATION_FAILED', detail, [{ field, message: detail }]);
  }
  const channelIds = channelIdsOfRules(rules);
  if (channelIds.length) await ownChannelIds(userId, channelIds);
};

/**
 * What a monitor stores of its rules: its own (`alert_rules`) or none (it follows the account's),
 * and the confirm rounds the result processor reads, from whichever applies.
 */
export const monitorAlertRules = async (
  userId: string,
  tier: Tier,
  rules: AlertRules | null,
): Promise<{ alertRules: AlertRules | null; confirmRounds: ConfirmRounds }> => {
  if (rules) {
    await assertAlertRulesAllowed(userId, tier, rules, 'alert_rules');
    return { alertRules: rules, confirmRounds: confirmRoundsOf(rules) };
  }
  return { alertRules: null, confirmRounds: confirmRoundsOf(await getAccountAlertRules(userId)) };
};
