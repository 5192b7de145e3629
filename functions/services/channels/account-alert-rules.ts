import type { AccountAlertRules, AlertRules } from '../../../shared/alerts/rules.js';
import { tierOf } from '../../../shared/tiers.js';
import { confirmRoundsOf, getAccountAlertRules, putAccountAlertRules, setFollowedConfirmRounds } from '../../repositories/alert-rules-repository.js';
import { listMonitorRuleRefs } from '../../repositories/monitor-channel-repository.js';
import type { CallerContext } from '../context.js';
import { recordWorkspaceAudit } from '../workspaces/audit.js';
import { assertAlertRulesAllowed, customRulesAllowed } from './alert-rules-rules.js';

/** GET /api/alert-rules: the account's defaults, and whether the plan lets them differ from the product's. */
export const getAlertRulesOfCaller = async ({ ctx }: { ctx: CallerContext }): Promise<AccountAlertRules> => ({
  rules: await getAccountAlertRules(ctx.workspaceId),
  custom_rules_allowed: customRulesAllowed(tierOf(ctx.account.subscription_tier)),
});

/**
 * PUT /api/alert-rules: new defaults for every monitor without rules of its own. Those monitors'
 * confirm rounds are rewritten now, so the next round already follows them.
 */
export const updateAlertRulesOfCaller = async ({ ctx, input }: { ctx: CallerContext; input: AlertRules }): Promise<AccountAlertRules> => {
  const tier = tierOf(ctx.account.subscription_tier);
  await assertAlertRulesAllowed(ctx.workspaceId, tier, input, 'body');
  await putAccountAlertRules(ctx.workspaceId, input, new Date());
  const rounds = confirmRoundsOf(input);
  for (const ref of await listMonitorRuleRefs(ctx.workspaceId)) {
    if (!ref.ownRules) await setFollowedConfirmRounds(ctx.workspaceId, ref.monitorId, rounds);
  }
  await recordWorkspaceAudit(ctx, { action: 'alert_rules.updated', targetType: 'alert_rules' });
  return { rules: input, custom_rules_allowed: customRulesAllowed(tier) };
};
