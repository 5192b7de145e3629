import type { ChannelConfirmationResult, ConfirmChannelInput } from '../../../shared/alerts/confirm-channel.js';
import { logger } from '../../observability/logger.js';
import { activateConfirmedChannel } from '../../repositories/channel-confirmation-repository.js';
import { getChannel } from '../../repositories/channel-repository.js';
import { consumeToken, restoreToken } from '../../repositories/token-repository.js';
import { getUserProfile } from '../../repositories/user-repository.js';
import { epochSeconds, hashToken } from '../auth/one-time-token.js';
import { confirmationMessage, confirmationOutcome, invalidConfirmationLink } from './channel-confirmation-rules.js';

/**
 * POST /api/public/confirm-channel {token}: the address behind a confirmation link says yes
 * (docs/alerts.md "Confirming e-mail recipients"). The token is used up first (one conditional
 * delete, so two presses cannot both count); then the channel becomes active only if it still
 * exists, is still unconfirmed and still sends to the address the link was mailed to, and the
 * answer says which of those happened. A link unknown, used or expired is 400 INVALID_TOKEN. If
 * reading or writing fails, the token is put back so the same link works on a retry.
 */
export const confirmChannel = async ({ input }: { input: ConfirmChannelInput }): Promise<ChannelConfirmationResult> => {
  const token = await consumeToken(hashToken(input.token), 'confirm_channel', epochSeconds());
  if (!token?.channel) throw invalidConfirmationLink();
  const { id: channelId, address } = token.channel;

  try {
    const [channel, profile] = await Promise.all([getChannel(token.userId, channelId), getUserProfile(token.userId)]);
    const owner = profile?.email ?? 'the account';
    const current = channel && profile && channel.type === 'email' ? { status: channel.status, address: channel.config.address ?? '' } : null;
    let outcome = confirmationOutcome(current, address);
    if (outcome === 'confirmed' && current && !(await activateConfirmedChannel(token.userId, channelId, current.address, new Date()))) {
      // Changed between the read and the write (deleted, re-addressed, or confirmed by another press).
      const now = await getChannel(token.userId, channelId);
      outcome = confirmationOutcome(now?.type === 'email' ? { status: now.status, address: now.config.address ?? '' } : null, address);
      if (outcome === 'confirmed') outcome = 'already_confirmed';
    }
    logger.info('Alert channel confirmation link used', { userId: token.userId, channelId, outcome });
    return { outcome, message: confirmationMessage(outcome, owner, address) };
  } catch (error) {
    await restoreToken(token).catch((restoreError: unknown) =>
      logger.error('Could not restore a channel confirmation token after a failure', { userId: token.userId, channelId, error: restoreError }),
    );
    throw error;
  }
};
