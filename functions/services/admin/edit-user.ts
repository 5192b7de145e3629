import type { AdminUpdateUserInput, AdminUpgradeUserInput, AdminUser } from '../../../shared/admin/schemas.js';
import { AppError } from '../../../shared/errors.js';
import { normalizeEmail } from '../../../shared/table/keys.js';
import { TIER_IDS, TIERS, tierOf, type TierId } from '../../../shared/tiers.js';
import { config } from '../../config.js';
import { adjustCounters, countTierChange } from '../../repositories/admin-counters-repository.js';
import { disableMonitorsOfInactiveUser, restoreMonitorsOfReactivatedUser } from '../../repositories/admin-monitor-repository.js';
import { raiseIntervalsToFloor, type SlowedMonitor } from '../../repositories/monitor-interval-floor-repository.js';
import { changeUserEmail, updateProfileFields, type AdminProfileChanges } from '../../repositories/admin-user-repository.js';
import {
  enableVerifiedIdentity,
  setIdentityEnabled,
  updateIdentityEmail,
  updateIdentityName,
} from '../../repositories/identity-repository.js';
import { getUserProfile, type UserProfile } from '../../repositories/user-repository.js';
import { emailTaken } from '../auth/auth-errors.js';
import { applyPlanRetention } from '../retention/plan-retention.js';
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
const tellAboutPlanChange = async (after: UserProfile, from: TierId, slowed: readonly SlowedMonitor[] = []): Promise<void> => {
  if (from === after.subscription_tier || after.is_operator) return;
  await mailUserAboutOperatorAction(
    after,
    planChangedByOperatorEmail({ to: after.email, appUrl: config().appUrl }, { from, to: after.subscription_tier, slowed }),
    'plan_changed_by_operator',
  );
};

/**
 * When an operator's edit fails part-way (the profile changed, then Cognito or a monitor step
 * refused), the steps already taken stand: the audit entry records them, with what the profile holds
 * now and the step that failed, and the error goes on to the operator, who can send the edit again
 * (each step is idempotent). docs/admin.md "Audit log".
 */
const auditHalfApplied = async (
  ctx: AuthContext,
  opts: { action: 'user.update' | 'user.delete'; userId: string; before: UserProfile; done: readonly string[]; failedStep: string; error: unknown },
): Promise<void> => {
  const now = await getUserProfile(opts.userId).catch(() => null);
  const diff = now ? changedFields(opts.before, now) : { before: {}, after: {} };
  await auditAdminAction(ctx, {
    action: opts.action,
    targetUserId: opts.userId,
    before: diff.before,
    after: {
      ...diff.after,
      incomplete: { done: [...opts.done], failed_step: opts.failedStep, error: opts.error instanceof Error ? opts.error.message : String(opts.error) },
    },
  });
};

/** Runs an edit's steps in order, remembering which finished, so a failure can say what was done. */
const stepRunner = () => {
  const done: string[] = [];
  let current = '';
  return {
    done,
    current: () => current,
    run: async <T>(name: string, work: () => Promise<T>): Promise<T> => {
      current = name;
      const result = await work();
      done.push(name);
      return result;
    },
  };
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
  const steps = stepRunner();
  try {
    if (input.email !== undefined && normalizeEmail(input.email) !== current.email) {
      const outcome = await changeUserEmail(userId, current.email, input.email);
      if (outcome === 'email_taken') throw emailTaken();
      if (outcome === 'not_found') throw new AppError('NOT_FOUND', 'User not found');
      steps.done.push('email');
      const email = normalizeEmail(input.email);
      await steps.run('identity_email', () => updateIdentityEmail(userId, email, input.email_verified ?? current.email_verified));
    }
    const changes: AdminProfileChanges = {
      name: input.name,
      subscription_tier: input.subscription_tier,
      is_active: input.is_active,
      email_verified: input.email_verified,
    };
    const before = (await steps.run('profile', () => updateProfileFields(userId, changes))) ?? current;
    const after = await requireUser(userId);

    if (!after.is_operator) {
      await steps.run('counters', async () => {
        await countTierChange(before.subscription_tier, after.subscription_tier);
        if (before.is_active !== after.is_active) await adjustCounters({ users_active: after.is_active ? 1 : -1 });
      });
    }
    // What is kept moves with the plan (docs/product-rules.md "Retention").
    if (before.subscription_tier !== after.subscription_tier) {
      const planChange = { workspaceId: userId, from: before.subscription_tier, to: after.subscription_tier, now: new Date() };
      await steps.run('retention', () => applyPlanRetention(planChange));
    }
    // docs/admin.md "Users": a tier edit moves the monitors checked more often than the new plan
    // allows to its floor, exactly as a downgrade the customer makes (docs/billing.md "Downgrades").
    const slowed =
      before.subscription_tier !== after.subscription_tier && !after.is_operator
        ? await steps.run('intervals', () =>
            raiseIntervalsToFloor(userId, tierOf(after.subscription_tier).minCheckIntervalSeconds, new Date()),
          )
        : [];
    if (input.name !== undefined && input.name !== before.name) {
      const name = input.name;
      await steps.run('identity_name', () => updateIdentityName(userId, name));
    }
    if (input.email_verified === true && !before.email_verified && after.is_active) {
      await steps.run('identity_enabled', () => enableVerifiedIdentity(userId, after.email));
    }
    if (input.is_active !== undefined) await steps.run('active_flag', () => applyActiveFlag(after, new Date()));

    const diff = changedFields({ ...before, email: current.email }, after);
    if (Object.keys(diff.after).length) await auditAdminAction(ctx, { action: 'user.update', targetUserId: userId, ...diff });
    await tellAboutPlanChange(after, before.subscription_tier, slowed);
    return { user: toAdminUser(after) };
  } catch (error) {
    // Refused before anything was written (an address taken): nothing to record.
    if (steps.done.length) {
      await auditHalfApplied(ctx, { action: 'user.update', userId, before: current, done: steps.done, failedStep: steps.current(), error });
    }
    throw error;
  }
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
  await applyPlanRetention({ workspaceId: userId, from: before.subscription_tier, to: after.subscription_tier, now: new Date() });
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
  try {
    await eraseAccount(profile);
  } catch (error) {
    // Part of the account is gone already; sending the deletion again finishes it (erase-account.ts).
    await auditHalfApplied(ctx, { action: 'user.delete', userId, before: profile, done: [], failedStep: 'erasure', error });
    throw error;
  }
  await auditAdminAction(ctx, {
    action: 'user.delete',
    targetUserId: userId,
    before: { email: profile.email, name: profile.name, subscription_tier: profile.subscription_tier, monitor_count: profile.monitor_count },
    after: null,
  });
  return { message: 'User and all their data have been deleted' };
};
