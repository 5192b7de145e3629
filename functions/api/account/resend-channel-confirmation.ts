import { apiHandler } from '../../http/api-handler.js';
import { ok } from '../../http/responses.js';
import { channelIdFrom } from '../../services/channels/channel-id.js';
import { resendChannelConfirmation } from '../../services/channels/resend-channel-confirmation.js';

export const handler = apiHandler(null, async ({ ctx, pathParameters }) =>
  ok(await resendChannelConfirmation({ ctx, channelId: channelIdFrom(pathParameters) })));
