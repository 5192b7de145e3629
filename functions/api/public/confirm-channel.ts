import { ConfirmChannelInput } from '../../../shared/alerts/confirm-channel.js';
import { publicApiHandler } from '../../http/api-handler.js';
import { ok } from '../../http/responses.js';
import { confirmChannel } from '../../services/channels/confirm-channel.js';

export const handler = publicApiHandler(ConfirmChannelInput, async ({ body }) => ok(await confirmChannel({ input: body })));
