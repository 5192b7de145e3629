import {
  accountManagerNotInPlanText,
  type AccountManager,
  type AccountManagerInput,
  type AccountManagerView,
} from '../../../shared/support/account-manager.js';
import { AppError } from '../../../shared/errors.js';
import { normalizeEmail } from '../../../shared/table/keys.js';
import { tierOf } from '../../../shared/tiers.js';
import { deleteAccountManager, getAccountManager, putAccountManager } from '../../repositories/account-manager-repository.js';
import type { AuthContext, CallerContext } from '../context.js';
import { config } from '../../config.js';
import { auditAdminAction } from '../admin/audit.js';
import { accountManagerNamedEmail, mailUserAboutOperatorAction } from '../admin/operator-emails.js';
import { requireUser } from '../admin/users.js';

/**
 * A workspace's named account manager (docs/product-rules.md "Account manager"): operators name one
 * for a workspace whose plan includes it (`accountManager` in shared/tiers.ts); its members see them
 * in Settings while the plan still includes one.
 */

/** GET /api/account-manager: the current workspace's manager; none on a plan without one. */
export const getWorkspaceAccountManager = async ({ ctx }: { ctx: CallerContext }): Promise<AccountManagerView> => {
  const included = tierOf(ctx.account.subscription_tier).accountManager;
  return { account_manager: included ? await getAccountManager(ctx.workspaceId) : null, included_in_plan: included };
};

const fieldsOf = (manager: AccountManager | null): Record<string, unknown> | null =>
  manager ? { name: manager.name, email: manager.email } : null;

/**
 * PUT /api/admin/users/{id}/account-manager: names (or replaces) the manager of the workspace the
 * user founded. 404 for an unknown user; 409 when its plan has no account manager. Audited, and the
 * owner is mailed who it is.
 */
export const setAccountManager = async (
  ctx: AuthContext,
  workspaceId: string,
  input: AccountManagerInput,
): Promise<{ account_manager: AccountManager }> => {
  const owner = await requireUser(workspaceId);
  const tier = tierOf(owner.subscription_tier);
  if (!tier.accountManager) throw new AppError('PLAN_HAS_NO_ACCOUNT_MANAGER', accountManagerNotInPlanText(tier.name));
  const manager: AccountManager = { name: input.name, email: normalizeEmail(input.email), assigned_at: new Date().toISOString() };
  const before = await putAccountManager(workspaceId, manager);
  await auditAdminAction(ctx, { action: 'workspace.account_manager', targetUserId: workspaceId, before: fieldsOf(before), after: fieldsOf(manager) });
  // The owner hears who it is (docs/admin.md "Telling the user"), unless nothing changed.
  if (before?.name !== manager.name || before.email !== manager.email) {
    await mailUserAboutOperatorAction(owner, accountManagerNamedEmail({ to: owner.email, appUrl: config().appUrl }, manager), 'account_manager');
  }
  return { account_manager: manager };
};

/** DELETE /api/admin/users/{id}/account-manager: removes the manager (on any plan); audited when there was one. */
export const removeAccountManager = async (ctx: AuthContext, workspaceId: string): Promise<{ account_manager: null }> => {
  await requireUser(workspaceId);
  const before = await deleteAccountManager(workspaceId);
  if (before) await auditAdminAction(ctx, { action: 'workspace.account_manager', targetUserId: workspaceId, before: fieldsOf(before), after: null });
  return { account_manager: null };
};
