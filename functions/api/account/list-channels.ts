import { apiHandler } from '../../http/api-handler.js';
import { ok } from '../../http/responses.js';
import { listChannelsOfCaller } from '../../services/channels/list-channels.js';

export const handler = apiHandler(null, async ({ ctx }) => ok(await listChannelsOfCaller({ ctx })));
