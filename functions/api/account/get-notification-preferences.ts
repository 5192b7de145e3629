import { apiHandler } from '../../http/api-handler.js';
import { ok } from '../../http/responses.js';
import { getNotificationPreferences } from '../../services/account/get-notification-preferences.js';

export const handler = apiHandler(null, async ({ ctx }) => ok(await getNotificationPreferences({ ctx })));
