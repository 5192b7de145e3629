import { notFound } from '../../../shared/errors.js';
import { getChannel } from '../../repositories/channel-repository.js';
import type { CallerContext } from '../context.js';
import { notAwaitingConfirmation } from './channel-confirmation-rules.js';
import { mailChannelConfirmation, takeConfirmationMailSlot } from './send-channel-confirmation.js';

/**
 * POST /api/channels/{id}/resend-confirmation: a fresh link to an e-mail channel's address that
 * has not confirmed yet (docs/alerts.md "Confirming e-mail recipients"). Any other channel is a 400;
 * another user's is a 404. Limited per user with the other confirmation mails.
 */
export const resendChannelConfirmation = async ({ ctx, channelId }: { ctx: CallerContext; channelId: string }): Promise<{ message: string }> => {
  const channel = await getChannel(ctx.workspaceId, channelId);
  if (!channel) throw notFound('Channel');
  const address = channel.config.address;
  if (channel.type !== 'email' || channel.status !== 'unconfirmed' || !address) throw notAwaitingConfirmation(channel.type, channel.status);
  await takeConfirmationMailSlot(ctx.workspaceId, new Date());
  await mailChannelConfirmation({ userId: ctx.workspaceId, owner: ctx.profile.email, channelId, address });
  return { message: `We sent a new confirmation link to ${address}. Alerts go there once it is confirmed.` };
};
