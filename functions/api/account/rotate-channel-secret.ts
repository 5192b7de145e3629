import { apiHandler } from '../../http/api-handler.js';
import { ok } from '../../http/responses.js';
import { channelIdFrom } from '../../services/channels/channel-id.js';
import { rotateChannelSecret } from '../../services/channels/rotate-channel-secret.js';

export const handler = apiHandler(null, async ({ ctx, pathParameters }) => ok(await rotateChannelSecret({ ctx, channelId: channelIdFrom(pathParameters) })));
