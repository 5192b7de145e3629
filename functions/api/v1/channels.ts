import { apiHandler } from '../../http/api-handler.js';
import { ok } from '../../http/responses.js';
import { getV1Channel, listV1Channels } from '../../services/v1/channels.js';

/** The /api/v1/channels handlers (shared/api/v1/operations.ts). */
export const v1ListChannels = apiHandler(null, async ({ ctx }) => ok(await listV1Channels({ ctx })));

export const v1GetChannel = apiHandler(null, async ({ ctx, pathParameters }) => ok(await getV1Channel({ ctx, channelId: pathParameters.id ?? '' })));
