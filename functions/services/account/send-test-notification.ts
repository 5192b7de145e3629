import {
  NOT_A_CONFIRMED_ADDRESS,
  TEST_NOTIFICATION_RATE_LIMIT,
  type SendTestNotificationInput,
  type TestNotificationResult,
} from '../../../shared/account/notifications.js';
import { normalizeEmail } from '../../../shared/table/keys.js';
import { validationError } from '../../../shared/errors.js';
import { config } from '../../config.js';
import { listChannels } from '../../repositories/channel-repository.js';
import { sendEmail } from '../../repositories/mail-repository.js';
import type { CallerContext } from '../context.js';
import { enforceRateLimit, USER_SCOPES } from '../rate-limit.js';
import { TEST_NOTIFICATION_LABELS, testNotificationEmail } from './test-notification-email.js';

const RULE = { scope: USER_SCOPES.testNotification, ...TEST_NOTIFICATION_RATE_LIMIT };

/**
 * Whether a test may be mailed to `to`: the caller's own sign-in address, or the address of one of
 * the workspace's e-mail channels that has confirmed by its link (docs/alerts.md "Confirming e-mail
 * recipients"). Anything else would let an account mail a stranger from our domain.
 */
const mayReceiveTests = async (ctx: CallerContext, to: string): Promise<boolean> => {
  if (to === normalizeEmail(ctx.profile.email)) return true;
  const channels = await listChannels(ctx.workspaceId);
  return channels.some((channel) => channel.type === 'email' && channel.status !== 'unconfirmed' && normalizeEmail(channel.config.address ?? '') === to);
};

/**
 * Sends the chosen test e-mail now, whatever the user's preferences say (it is a test of delivery):
 * `email` a plain check that mail arrives, `incident` a sample down alert, `daily_report` and
 * `weekly_report` sample reports, each through the real template in the user's timezone.
 * Only to the caller's own or a confirmed address, and rate-limited per user.
 */
export const sendTestNotification = async ({
  ctx,
  input,
}: {
  ctx: CallerContext;
  input: SendTestNotificationInput;
}): Promise<TestNotificationResult> => {
  const { profile } = ctx;
  const now = new Date();
  const to = normalizeEmail(input.test_email);
  if (!(await mayReceiveTests(ctx, to))) throw validationError([{ field: 'test_email', message: NOT_A_CONFIRMED_ADDRESS }]);
  await enforceRateLimit(
    RULE,
    ctx.userId,
    now,
    (wait) =>
      `Too many test notifications: at most ${RULE.limit} every ${RULE.windowSeconds / 60} minutes. Please try again in ${wait}.`,
  );
  await sendEmail(
    testNotificationEmail({
      type: input.notification_type,
      to,
      requestedBy: profile.email,
      appUrl: config().appUrl,
      timezone: profile.timezone,
      now,
    }),
  );
  return { success: true, message: `A ${TEST_NOTIFICATION_LABELS[input.notification_type]} was sent to ${to}.` };
};
