/**
 * The public API's alert channel reads (docs/api.md "Channels"): the app's channel list in
 * `ctx.workspaceId`, each channel without its configuration.
 */
import type { V1Channel, V1ChannelList } from '../../../shared/api/v1/schemas.js';
import { notFound } from '../../../shared/errors.js';
import type { CallerContext } from '../context.js';
import { listChannelsOfCaller } from '../channels/list-channels.js';
import { toV1Channel } from './mappers.js';

export const listV1Channels = async ({ ctx }: { ctx: CallerContext }): Promise<V1ChannelList> => ({
  data: (await listChannelsOfCaller({ ctx })).channels.map(toV1Channel),
});

export const getV1Channel = async ({ ctx, channelId }: { ctx: CallerContext; channelId: string }): Promise<V1Channel> => {
  const channel = (await listChannelsOfCaller({ ctx })).channels.find((candidate) => candidate.id === channelId);
  if (!channel) throw notFound('Channel');
  return toV1Channel(channel);
};
