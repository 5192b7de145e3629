import { z } from 'zod';
import { TIER_IDS, TIERS } from '../tiers.js';
import { emailAddress, plainName } from '../validation.js';

/**
 * A workspace's named account manager (docs/product-rules.md "Account manager"): set by an operator
 * on a workspace whose plan includes one (`accountManager` in shared/tiers.ts), shown to its members
 * in Settings.
 */

export const ACCOUNT_MANAGER_NAME_MAX = 100;

export const AccountManagerInput = z.object({
  name: plainName(
    z
      .string({ error: 'Name is required' })
      .trim()
      .min(1, 'Name is required')
      .max(ACCOUNT_MANAGER_NAME_MAX, `Name is too long (${ACCOUNT_MANAGER_NAME_MAX} characters at most)`),
  ),
  email: emailAddress('Email'),
});
export type AccountManagerInput = z.infer<typeof AccountManagerInput>;

export interface AccountManager {
  name: string;
  /** Lower-cased. */
  email: string;
  assigned_at: string;
}

/** GET /api/account-manager: the workspace's manager, and whether its plan includes one. */
export interface AccountManagerView {
  account_manager: AccountManager | null;
  included_in_plan: boolean;
}

/** The plans that include an account manager, by name ("Enterprise"), for texts. */
export const plansWithAccountManager = (): string[] => TIER_IDS.filter((id) => TIERS[id].accountManager).map((id) => TIERS[id].name);

/** Why an operator cannot name a manager for a workspace on `planName` (409). */
export const accountManagerNotInPlanText = (planName: string): string =>
  `Account managers come with the ${plansWithAccountManager().join(' and ')} plan; this workspace is on the ${planName} plan.`;
