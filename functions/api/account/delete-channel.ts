import { apiHandler } from '../../http/api-handler.js';
import { ok } from '../../http/responses.js';
import { channelIdFrom } from '../../services/channels/channel-id.js';
import { deleteChannelOfCaller } from '../../services/channels/delete-channel.js';

export const handler = apiHandler(null, async ({ ctx, pathParameters }) => ok(await deleteChannelOfCaller({ ctx, channelId: channelIdFrom(pathParameters) })));
