import { CreateChannelInput } from '../../../shared/alerts/schemas.js';
import { apiHandler } from '../../http/api-handler.js';
import { created } from '../../http/responses.js';
import { createChannelOfCaller } from '../../services/channels/create-channel.js';

export const handler = apiHandler(CreateChannelInput, async ({ ctx, body }) => created(await createChannelOfCaller({ ctx, input: body })));
