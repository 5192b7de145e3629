import { SendTestNotificationInput } from '../../../shared/account/notifications.js';
import { apiHandler } from '../../http/api-handler.js';
import { ok } from '../../http/responses.js';
import { sendTestNotification } from '../../services/account/send-test-notification.js';

export const handler = apiHandler(SendTestNotificationInput, async ({ ctx, body }) =>
  ok(await sendTestNotification({ ctx, input: body })));
