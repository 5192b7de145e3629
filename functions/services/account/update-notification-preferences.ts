import type { NotificationPreferences, UpdateNotificationPreferenceInput } from '../../../shared/account/notifications.js';
import { setNotificationPreference } from '../../repositories/notification-preferences-repository.js';
import type { CallerContext } from '../context.js';

/** Saves the one changed preference; the answer is all of them, as GET shows them. */
export const updateNotificationPreferences = async ({
  ctx,
  input,
}: {
  ctx: CallerContext;
  input: UpdateNotificationPreferenceInput;
}): Promise<NotificationPreferences> => {
  return setNotificationPreference(ctx.workspaceId, input.key, input.value, new Date());
};
