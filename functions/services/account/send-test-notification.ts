import {
  TEST_NOTIFICATION_RATE_LIMIT,
  type SendTestNotificationInput,
  type TestNotificationResult,
} from '../../../shared/account/notifications.js';
import { normalizeEmail } from '../../../shared/table/keys.js';
import { config } from '../../config.js';
import { sendEmail } from '../../repositories/mail-repository.js';
import type { CallerContext } from '../context.js';
import { enforceRateLimit, USER_SCOPES } from '../rate-limit.js';
import { TEST_NOTIFICATION_LABELS, testNotificationEmail } from './test-notification-email.js';

const RULE = { scope: USER_SCOPES.testNotification, ...TEST_NOTIFICATION_RATE_LIMIT };

/**
 * Sends the chosen test e-mail now, whatever the user's preferences say (it is a test of delivery):
 * `email` a plain check that mail arrives, `incident` a sample down alert, `daily_report` and
 * `weekly_report` sample reports, each through the real template in the user's timezone.
 * Rate-limited per user, since it mails any address the user types.
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
  await enforceRateLimit(
    RULE,
    ctx.userId,
    now,
    (wait) =>
      `Too many test notifications: at most ${RULE.limit} every ${RULE.windowSeconds / 60} minutes. Please try again in ${wait}.`,
  );
  const to = normalizeEmail(input.test_email);
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
