import { TEST_NOTIFICATION_RATE_LIMIT } from '../../../shared/account/notifications.js';
import { CHANNEL_CONFIRMATION_LIFETIME_SECONDS } from '../../../shared/alerts/confirm-channel.js';
import { config } from '../../config.js';
import { sendEmail } from '../../repositories/mail-repository.js';
import { storeToken } from '../../repositories/token-repository.js';
import { epochSeconds, hashToken, newOneTimeToken } from '../auth/one-time-token.js';
import { enforceRateLimit, USER_SCOPES } from '../rate-limit.js';
import { channelConfirmationEmail } from './channel-confirmation-email.js';

/**
 * Confirmation mails a user may cause per window, whether by adding an address, changing one or
 * resending: each goes to an address the user typed, so it is limited like a test notification.
 */
export const CHANNEL_CONFIRMATION_RULE = { scope: USER_SCOPES.channelConfirmation, ...TEST_NOTIFICATION_RATE_LIMIT };

/** Counts one confirmation mail for the user, or 429 saying when they may send the next. */
export const takeConfirmationMailSlot = (userId: string, now: Date): Promise<void> =>
  enforceRateLimit(
    CHANNEL_CONFIRMATION_RULE,
    userId,
    now,
    (wait) =>
      `Too many confirmation e-mails: at most ${CHANNEL_CONFIRMATION_RULE.limit} every ${CHANNEL_CONFIRMATION_RULE.windowSeconds / 60} minutes. Please try again in ${wait}.`,
  );

/**
 * Mails `address` a link that confirms it for the owner's channel (docs/alerts.md "Confirming
 * e-mail recipients"). The token names the channel and this address, and only its hash is stored;
 * earlier links stay valid until they expire, but each confirms only the address it went to.
 */
export const mailChannelConfirmation = async (opts: { userId: string; owner: string; channelId: string; address: string }): Promise<void> => {
  const token = newOneTimeToken();
  await storeToken({
    hash: hashToken(token),
    kind: 'confirm_channel',
    userId: opts.userId,
    expiresAt: epochSeconds() + CHANNEL_CONFIRMATION_LIFETIME_SECONDS,
    channel: { id: opts.channelId, address: opts.address },
  });
  await sendEmail(channelConfirmationEmail({ appUrl: config().appUrl, to: opts.address, owner: opts.owner, token }));
};
