import { tierOf, type TierId } from '../../../shared/tiers.js';
import { config } from '../../config.js';
import { logger } from '../../observability/logger.js';
import { sendEmail } from '../../repositories/mail-repository.js';
import { recordApplicationError } from '../operations/record-application-error.js';
import { disableMonitorsBeyondCap } from '../../repositories/monitor-plan-repository.js';
import { raiseIntervalsToFloor } from '../../repositories/monitor-interval-floor-repository.js';
import type { UserProfile } from '../../repositories/user-repository.js';
import { planChangedEmail } from './billing-emails.js';

/**
 * What follows when a smaller tier takes effect (docs/billing.md "Downgrades"): the monitors beyond
 * the new cap are disabled, newest first, every monitor checked more often than the new plan allows
 * moves to its floor, and the user is told both by e-mail (the app shows the moved ones too). Safe
 * to run again (a second run finds nothing over the cap or under the floor).
 */
export const enforceSmallerPlan = async (opts: {
  profile: UserProfile;
  from: TierId;
  to: TierId;
  reason: 'downgrade' | 'cancelled' | 'payment_failed';
  now: Date;
}): Promise<number> => {
  const { profile, now } = opts;
  const disabled = await disableMonitorsBeyondCap(profile.id, tierOf(opts.to).monitorCap, now);
  const slowed = await raiseIntervalsToFloor(profile.id, tierOf(opts.to).minCheckIntervalSeconds, now);
  logger.info('Smaller plan took effect', {
    userId: profile.id,
    from: opts.from,
    to: opts.to,
    reason: opts.reason,
    disabled: disabled.length,
    slowed: slowed.length,
  });
  try {
    await sendEmail(
      planChangedEmail(
        { to: profile.email, timezone: profile.timezone, appUrl: config().appUrl },
        { from: opts.from, to: opts.to, reason: opts.reason, disabled, slowed },
      ),
    );
  } catch (error) {
    // The plan change stands; a lost notice is logged rather than undoing it.
    logger.error('Could not mail the plan change', { userId: profile.id, to: opts.to, error });
    await recordApplicationError({
      type: 'email_error',
      message: `The plan change notice (${opts.from} to ${opts.to}) could not be mailed`,
      error,
      context: { mail: 'plan_changed', from: opts.from, to: opts.to, reason: opts.reason },
      userId: profile.id,
    });
  }
  return disabled.length;
};
