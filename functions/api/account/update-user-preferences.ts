import { UpdateUserPreferencesInput } from '../../../shared/account/timezones.js';
import { apiHandler } from '../../http/api-handler.js';
import { ok } from '../../http/responses.js';
import { updateUserPreferences } from '../../services/account/update-user-preferences.js';

export const handler = apiHandler(UpdateUserPreferencesInput, async ({ ctx, body }) =>
  ok(await updateUserPreferences({ ctx, input: body })));
