import { apiHandler } from '../../http/api-handler.js';
import { ok } from '../../http/responses.js';
import { channelIdFrom } from '../../services/channels/channel-id.js';
import { testChannel } from '../../services/channels/test-channel.js';

export const handler = apiHandler(null, async ({ ctx, pathParameters }) => ok(await testChannel({ ctx, channelId: channelIdFrom(pathParameters) })));
