import { apiHandler } from '../../http/api-handler.js';
import { ok } from '../../http/responses.js';
import { answerContactMessage } from '../../services/support/support-queue.js';
import { contactMessageIdFrom } from './path-ids.js';

export const handler = apiHandler(null, async ({ ctx, pathParameters }) =>
  ok(await answerContactMessage({ ctx, messageId: contactMessageIdFrom(pathParameters) })));
