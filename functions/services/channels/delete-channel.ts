import type { DeletedChannel } from '../../../shared/alerts/schemas.js';
import { notFound } from '../../../shared/errors.js';
import { countOf } from '../../../shared/texts.js';
import { deleteChannel, getChannel } from '../../repositories/channel-repository.js';
import { getMonitorChannelIds, listMonitorChannelRefs, replaceMonitorChannelIds } from '../../repositories/monitor-channel-repository.js';
import type { CallerContext } from '../context.js';
import { recordWorkspaceAudit } from '../workspaces/audit.js';

/** Tries to take the channel off one monitor before giving up on a list that keeps changing under us. */
const MAX_TRIES = 3;

const takeOff = async (userId: string, monitorId: string, channelId: string, seen: string[]): Promise<boolean> => {
  let current: string[] | null | undefined = seen;
  for (let attempt = 1; attempt <= MAX_TRIES && current; attempt++) {
    if (!current.includes(channelId)) return false;
    if (await replaceMonitorChannelIds(userId, monitorId, current, current.filter((id) => id !== channelId))) return true;
    current = await getMonitorChannelIds(userId, monitorId);
  }
  return false;
};

/**
 * DELETE /api/channels/{id}: the channel goes, and every monitor that named it is taken off it
 * (the answer says how many). Its delivery log expires with its deliveries (docs/alerts.md "Delivery").
 */
export const deleteChannelOfCaller = async ({ ctx, channelId }: { ctx: CallerContext; channelId: string }): Promise<DeletedChannel> => {
  // Read for its name, which the audit log keeps after the channel is gone.
  const channel = await getChannel(ctx.workspaceId, channelId);
  if (!channel || !(await deleteChannel(ctx.workspaceId, channelId))) throw notFound('Channel');
  await recordWorkspaceAudit(ctx, { action: 'channel.deleted', targetType: 'channel', targetId: channelId, targetLabel: channel.name });
  let updated = 0;
  for (const ref of await listMonitorChannelRefs(ctx.workspaceId)) {
    if (ref.channelIds?.includes(channelId) && (await takeOff(ctx.workspaceId, ref.monitorId, channelId, ref.channelIds))) updated++;
  }
  return {
    message: updated ? `Channel deleted. It was taken off ${countOf(updated, 'monitor')}.` : 'Channel deleted.',
    monitors_updated: updated,
  };
};
