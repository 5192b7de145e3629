import type { AdminUpdateUserInput, AdminUpgradeUserInput, AdminUser } from '../../../shared/admin/schemas.js';
import { AppError } from '../../../shared/errors.js';
import { normalizeEmail } from '../../../shared/table/keys.js';
import { TIER_IDS, TIERS, type TierId } from '../../../shared/tiers.js';
import { config } from '../../config.js';
import { adjustCounters, countTierChange } from '../../repositories/admin-counters-repository.js';
import { disableMonitorsOfInactiveUser, restoreMonitorsOfReactivatedUser } from '../../repositories/admin-monitor-repository.js';
import { changeUserEmail, updateProfileFields, type AdminProfileChanges } from '../../repositories/admin-user-repository.js';
import {
  enableVerifiedIdentity,
  setIdentityEnabled,
  updateIdentityEmail,
  updateIdentityName,
} from '../../repositories/identity-repository.js';
import type { UserProfile } from '../../repositories/user-repository.js';
import { emailTaken } from '../auth/auth-errors.js';
import { eraseAccount } from '../auth/erase-account.js';
import type { AuthContext } from '../context.js';
import { toAdminUser } from './admin-views.js';
import { auditAdminAction } from './audit.js';
import { mailUserAboutOperatorAction, planChangedByOperatorEmail } from './operator-emails.js';
import { requireUser } from './users.js';

const notYourself = (what: string): AppError => new AppError('CONFLICT', `You cannot ${what} your own account here`);

type Fields = Partial<Pick<UserProfile, 'name' | 'email' | 'subscription_tier' | 'is_active' | 'email_verified'>>;

const changedFields = (before: UserProfile, after: UserProfile): { before: Fields; after: Fields } => {
  const names = ['name', 'email', 'subscription_tier', 'is_active', 'email_verified'] as const;
  const changed = names.filter((name) => before[name] !== after[name]);
  return {
    before: Object.fromEntries(changed.map((name) => [name, before[name]])) as Fields,
    after: Object.fromEntries(changed.map((name) => [name, after[name]])) as Fields,
  };
};

/**
 * The sign-in and check-schedule side of the active flag, run whenever the flag is sent (each step
 * is idempotent, so a PUT that failed half-way can be sent again): deactivated -> Cognito
 * disabled and signed out, active monitors `disabled`; active -> sign-in enabled again (if the
 * address is verified: unverified identities stay disabled until verification) and exactly those
 * monitors back in the schedule.
 */
const applyActiveFlag = async (profile: UserProfile, now: Date): Promise<void> => {
  if (!profile.is_active) {
    await setIdentityEnabled(profile.id, false);
    await disableMonitorsOfInactiveUser(profile.id);
    return;
  }
  if (profile.email_verified) await setIdentityEnabled(profile.id, true);
  await restoreMonitorsOfReactivatedUser(profile.id, now);
};

/** docs/admin.md "Telling the user": an operator's plan change is mailed to the user (never to an operator's own account). */
const tellAboutPlanChange = async (after: UserProfile, from: TierId): Promise<void> => {
  if (from === after.subscription_tier || after.is_operator) return;
  await mailUserAboutOperatorAction(
    after,
    planChangedByOperatorEmail({ to: after.email, appUrl: config().appUrl }, { from, to: after.subscription_tier }),
    'plan_changed_by_operator',
  );
};

/** PUT /api/admin/users/{id} (docs/admin.md "Users"). */
export const adminUpdateUser = async ({
  ctx,
  userId,
  input,
}: {
  ctx: AuthContext;
  userId: string;
  input: AdminUpdateUserInput;
}): Promise<{ user: AdminUser }> => {
  const current = await requireUser(userId);
  if (input.is_active === false && userId === ctx.userId) throw notYourself('deactivate');

  if (input.email !== undefined && normalizeEmail(input.email) !== current.email) {
    const outcome = await changeUserEmail(userId, current.email, input.email);
    if (outcome === 'email_taken') throw emailTaken();
    if (outcome === 'not_found') throw new AppError('NOT_FOUND', 'User not found');
    await updateIdentityEmail(userId, normalizeEmail(input.email), input.email_verified ?? current.email_verified);
  }
  const changes: AdminProfileChanges = {
    name: input.name,
    subscription_tier: input.subscription_tier,
    is_active: input.is_active,
    email_verified: input.email_verified,
  };
  const before = (await updateProfileFields(userId, changes)) ?? current;
  const after = await requireUser(userId);

  if (!after.is_operator) {
    await countTierChange(before.subscription_tier, after.subscription_tier);
    if (before.is_active !== after.is_active) await adjustCounters({ users_active: after.is_active ? 1 : -1 });
  }
  if (input.name !== undefined && input.name !== before.name) await updateIdentityName(userId, input.name);
  if (input.email_verified === true && !before.email_verified && after.is_active) await enableVerifiedIdentity(userId, after.email);
  if (input.is_active !== undefined) await applyActiveFlag(after, new Date());

  const diff = changedFields({ ...before, email: current.email }, after);
  if (Object.keys(diff.after).length) await auditAdminAction(ctx, { action: 'user.update', targetUserId: userId, ...diff });
  await tellAboutPlanChange(after, before.subscription_tier);
  return { user: toAdminUser(after) };
};

/** POST /api/admin/users/{id}/upgrade: to a strictly higher tier; the new caps apply at once. */
export const adminUpgradeUser = async ({
  ctx,
  userId,
  input,
}: {
  ctx: AuthContext;
  userId: string;
  input: AdminUpgradeUserInput;
}): Promise<{ user: AdminUser; message: string }> => {
  const current = await requireUser(userId);
  if (TIER_IDS.indexOf(input.tier) <= TIER_IDS.indexOf(current.subscription_tier)) {
    throw new AppError('CONFLICT', `User is already on the ${TIERS[current.subscription_tier].name} plan or higher`);
  }
  const before = (await updateProfileFields(userId, { subscription_tier: input.tier })) ?? current;
  const after = await requireUser(userId);
  if (!after.is_operator) await countTierChange(before.subscription_tier, input.tier);
  await auditAdminAction(ctx, {
    action: 'user.upgrade',
    targetUserId: userId,
    before: { subscription_tier: before.subscription_tier },
    after: { subscription_tier: after.subscription_tier },
  });
  await tellAboutPlanChange(after, before.subscription_tier);
  return { user: toAdminUser(after), message: `User upgraded to ${TIERS[input.tier].name}` };
};

/** DELETE /api/admin/users/{id}: the account erasure of DELETE /api/auth/delete-account. */
export const adminDeleteUser = async ({ ctx, userId }: { ctx: AuthContext; userId: string }): Promise<{ message: string }> => {
  if (userId === ctx.userId) throw notYourself('delete');
  const profile = await requireUser(userId);
  await eraseAccount(profile);
  await auditAdminAction(ctx, {
    action: 'user.delete',
    targetUserId: userId,
    before: { email: profile.email, name: profile.name, subscription_tier: profile.subscription_tier, monitor_count: profile.monitor_count },
    after: null,
  });
  return { message: 'User and all their data have been deleted' };
};
