import type { NotificationPreferences } from '../../../shared/account/notifications.js';
import { getNotificationPreferences as readPreferences } from '../../repositories/notification-preferences-repository.js';
import type { AuthContext } from '../context.js';

export const getNotificationPreferences = async ({ ctx }: { ctx: AuthContext }): Promise<NotificationPreferences> =>
  readPreferences(ctx.userId);
