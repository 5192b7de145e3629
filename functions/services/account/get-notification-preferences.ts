import type { NotificationPreferences } from '../../../shared/account/notifications.js';
import { getNotificationPreferences as readPreferences } from '../../repositories/notification-preferences-repository.js';
import type { CallerContext } from '../context.js';

export const getNotificationPreferences = async ({ ctx }: { ctx: CallerContext }): Promise<NotificationPreferences> =>
  readPreferences(ctx.workspaceId);
