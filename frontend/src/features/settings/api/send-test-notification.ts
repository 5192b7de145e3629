import type { TestNotificationResult, TestNotificationType } from '@shared/account/notifications.js';
import { callApi } from '@/lib/api-client';

/** POST /api/notifications/test: the mail goes out at once to `testEmail`. */
export const sendTestNotification = (type: TestNotificationType, testEmail: string): Promise<TestNotificationResult> =>
  callApi('sendTestNotification', { body: { notification_type: type, test_email: testEmail } });
