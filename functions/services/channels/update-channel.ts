import { channelTypeDefinition } from '../../../shared/alerts/channels/index.js';
import type { ChannelView, UpdateChannelInput } from '../../../shared/alerts/schemas.js';
import { notFound } from '../../../shared/errors.js';
import { fieldProblems } from '../../../shared/validation.js';
import { validationError } from '../../../shared/errors.js';
import { getChannel, updateChannel, type StoredChannel } from '../../repositories/channel-repository.js';
import { listMonitorChannelRefs } from '../../repositories/monitor-channel-repository.js';
import type { CallerContext } from '../context.js';
import { recordWorkspaceAudit } from '../workspaces/audit.js';
import { sentFields } from '../workspaces/sent-fields.js';
import { sameAddress, statusAfterEdit } from './channel-confirmation-rules.js';
import { openChannelConfig, sealChannelConfig } from './channel-secrets.js';
import { channelView, monitorsUsing } from './channel-view.js';
import { assertDestinationAllowed } from './destination-rules.js';
import { mailChannelConfirmation, takeConfirmationMailSlot } from './send-channel-confirmation.js';

/**
 * The config of an edit: the type's fields merged over the stored ones. A field sent back as the
 * mask the API showed (or left out) keeps its stored value, so editing a name never needs the
 * Slack URL again; a new value is checked and sealed like a create's.
 */
const mergedConfig = async (channel: StoredChannel, sent: Record<string, unknown>): Promise<Record<string, string>> => {
  const stored = await openChannelConfig(channel);
  const definition = channelTypeDefinition(channel.type);
  const masked = definition.mask(stored);
  const merged: Record<string, unknown> = { ...stored };
  for (const [field, value] of Object.entries(sent)) {
    if (typeof value === 'string' && value === masked[field]) continue;
    merged[field] = value;
  }
  const parsed = definition.config.safeParse(merged);
  if (!parsed.success) {
    throw validationError(fieldProblems(parsed.error).map((problem) => ({ ...problem, field: `config.${problem.field}` })));
  }
  assertDestinationAllowed(channel.type, parsed.data);
  return parsed.data;
};

/**
 * PUT /api/channels/{id}: rename, new config, default or not, pause or resume (a resume clears the
 * failure count). A new e-mail address is unconfirmed again and is mailed its confirmation link
 * (docs/alerts.md "Confirming e-mail recipients").
 */
export const updateChannelOfCaller = async ({ ctx, channelId, input }: { ctx: CallerContext; channelId: string; input: UpdateChannelInput }): Promise<ChannelView> => {
  const channel = await getChannel(ctx.workspaceId, channelId);
  if (!channel) throw notFound('Channel');
  const config = input.config ? await mergedConfig(channel, input.config) : undefined;
  const sealed = config ? await sealChannelConfig(channel.type, channel.id, config) : undefined;
  const addressChanged = channel.type === 'email' && config !== undefined && !sameAddress(config.address ?? '', channel.config.address ?? '');
  const statusChange = statusAfterEdit(channel, { addressChanged, ...(input.paused !== undefined ? { paused: input.paused } : {}) });
  const now = new Date();
  if (addressChanged) await takeConfirmationMailSlot(ctx.workspaceId, now);
  const updated = await updateChannel(
    ctx.workspaceId,
    channelId,
    {
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(sealed ? { config: sealed.config, sealedConfig: sealed.sealedConfig } : {}),
      ...(input.is_default !== undefined ? { isDefault: input.is_default } : {}),
      ...(statusChange ?? {}),
    },
    now,
  );
  if (!updated) throw notFound('Channel');
  if (addressChanged && config?.address) await mailChannelConfirmation({ userId: ctx.workspaceId, owner: ctx.profile.email, channelId, address: config.address });
  await recordWorkspaceAudit(ctx, { action: 'channel.updated', targetType: 'channel', targetId: channelId, targetLabel: updated.name, details: { fields: sentFields(input) } });
  const refs = await listMonitorChannelRefs(ctx.workspaceId);
  return channelView(updated, monitorsUsing(updated, refs), config ?? (await openChannelConfig(updated)));
};
