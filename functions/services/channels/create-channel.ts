import { ulid } from 'ulid';
import type { CreateChannelInput, CreatedChannel } from '../../../shared/alerts/schemas.js';
import { AppError } from '../../../shared/errors.js';
import { tierOf } from '../../../shared/tiers.js';
import { createChannel as storeChannel, type StoredChannel } from '../../repositories/channel-repository.js';
import { listMonitorChannelRefs } from '../../repositories/monitor-channel-repository.js';
import { setNotificationPreference } from '../../repositories/notification-preferences-repository.js';
import type { CallerContext } from '../context.js';
import { recordWorkspaceAudit } from '../workspaces/audit.js';
import { assertChannelTypeAllowed, channelLimitReached } from './channel-plan-rules.js';
import { newSigningSecret, sealChannelConfig, sealSigningSecret } from './channel-secrets.js';
import { statusOnCreate } from './channel-confirmation-rules.js';
import { channelView, monitorsUsing } from './channel-view.js';
import { assertDestinationAllowed } from './destination-rules.js';
import { mailChannelConfirmation, takeConfirmationMailSlot } from './send-channel-confirmation.js';

/**
 * The switches of Settings -> Notifications that govern every channel of a type (docs/alerts.md
 * "Channels"): the first channel of the type turns its switch on, so a new channel sends.
 */
const MASTER_SWITCH = { slack: 'slack_notifications', sms: 'sms_notifications' } as const;

/**
 * POST /api/channels: a channel of a type the plan allows, to a destination we may send to,
 * within the plan's channel cap (kept by the create's transaction). A webhook gets its signing
 * secret, answered this once. An e-mail address starts unconfirmed and is mailed its confirmation
 * link (docs/alerts.md "Confirming e-mail recipients").
 */
export const createChannelOfCaller = async ({ ctx, input }: { ctx: CallerContext; input: CreateChannelInput }): Promise<CreatedChannel> => {
  const tier = tierOf(ctx.account.subscription_tier);
  assertChannelTypeAllowed(tier, input.type);
  assertDestinationAllowed(input.type, input.config);

  const id = ulid();
  const now = new Date();
  const status = statusOnCreate(input.type);
  if (status === 'unconfirmed') await takeConfirmationMailSlot(ctx.workspaceId, now);
  const secret = input.type === 'webhook' ? newSigningSecret() : undefined;
  const channel: StoredChannel = {
    id,
    userId: ctx.workspaceId,
    type: input.type,
    name: input.name,
    ...(await sealChannelConfig(input.type, id, input.config)),
    isDefault: input.isDefault,
    status,
    pausedReason: null,
    consecutiveFailures: 0,
    signingSecrets: secret ? [await sealSigningSecret(id, secret, now)] : [],
    createdAt: now.toISOString(),
    lastDeliveryAt: null,
  };
  const outcome = await storeChannel(channel, { cap: tier.channelCap, tier: tier.id });
  if (outcome === 'limit_reached') throw channelLimitReached(tier);
  if (outcome === 'account_gone') throw new AppError('NOT_FOUND', 'Account not found');
  if (status === 'unconfirmed') await mailChannelConfirmation({ userId: ctx.workspaceId, owner: ctx.profile.email, channelId: id, address: channel.config.address ?? '' });
  const masterSwitch = MASTER_SWITCH[input.type as keyof typeof MASTER_SWITCH];
  if (masterSwitch) await setNotificationPreference(ctx.workspaceId, masterSwitch, true, now);
  await recordWorkspaceAudit(ctx, { action: 'channel.created', targetType: 'channel', targetId: id, targetLabel: channel.name, details: { type: channel.type } });
  const refs = input.isDefault ? await listMonitorChannelRefs(ctx.workspaceId) : [];
  return { ...channelView(channel, monitorsUsing(channel, refs), input.config), ...(secret ? { secret } : {}) };
};
