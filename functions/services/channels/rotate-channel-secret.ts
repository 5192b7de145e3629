import type { RotatedSecret } from '../../../shared/alerts/schemas.js';
import { AppError, notFound } from '../../../shared/errors.js';
import { getChannel, updateChannel } from '../../repositories/channel-repository.js';
import type { CallerContext } from '../context.js';
import { newSigningSecret, PREVIOUS_SECRET_VALID_HOURS, sealSigningSecret } from './channel-secrets.js';

/**
 * POST /api/channels/{id}/rotate-secret: a webhook gets a new signing secret (answered this once);
 * the current one keeps signing beside it for 24 hours, so the receiver can switch without
 * dropping a delivery (docs/alerts.md "Verifying signatures"). Older rotated-out secrets are dropped.
 */
export const rotateChannelSecret = async ({ ctx, channelId }: { ctx: CallerContext; channelId: string }): Promise<RotatedSecret> => {
  const channel = await getChannel(ctx.workspaceId, channelId);
  if (!channel) throw notFound('Channel');
  if (channel.type !== 'webhook') throw new AppError('VALIDATION_FAILED', 'Only webhook channels have a signing secret to rotate.');
  const now = new Date();
  const retiresAt = new Date(now.getTime() + PREVIOUS_SECRET_VALID_HOURS * 3_600_000).toISOString();
  const secret = newSigningSecret();
  const current = channel.signingSecrets.filter((stored) => stored.retires_at === null).map((stored) => ({ ...stored, retires_at: retiresAt }));
  const updated = await updateChannel(ctx.workspaceId, channelId, { signingSecrets: [await sealSigningSecret(channelId, secret, now), ...current] }, now);
  if (!updated) throw notFound('Channel');
  return { secret, previous_valid_until: retiresAt };
};
