import { UpdateNotificationPreferenceInput } from '../../../shared/account/notifications.js';
import { apiHandler } from '../../http/api-handler.js';
import { ok } from '../../http/responses.js';
import { updateNotificationPreferences } from '../../services/account/update-notification-preferences.js';

export const handler = apiHandler(UpdateNotificationPreferenceInput, async ({ ctx, body }) =>
  ok(await updateNotificationPreferences({ ctx, input: body })));
