import { UpdateChannelInput } from '../../../shared/alerts/schemas.js';
import { apiHandler } from '../../http/api-handler.js';
import { ok } from '../../http/responses.js';
import { channelIdFrom } from '../../services/channels/channel-id.js';
import { updateChannelOfCaller } from '../../services/channels/update-channel.js';

export const handler = apiHandler(UpdateChannelInput, async ({ ctx, body, pathParameters }) =>
  ok(await updateChannelOfCaller({ ctx, channelId: channelIdFrom(pathParameters), input: body })));
