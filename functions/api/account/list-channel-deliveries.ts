import { apiHandler } from '../../http/api-handler.js';
import { ok } from '../../http/responses.js';
import { channelIdFrom } from '../../services/channels/channel-id.js';
import { listDeliveriesOfChannel } from '../../services/channels/list-deliveries.js';

export const handler = apiHandler(null, async ({ ctx, pathParameters }) =>
  ok(await listDeliveriesOfChannel({ ctx, channelId: channelIdFrom(pathParameters) })));
