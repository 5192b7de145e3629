import type { TestNotificationResult, TestNotificationType } from '@shared/account/notifications.js';
import { api } from '@/lib/api-client';

/** POST /api/notifications/test: the mail goes out at once to `testEmail`. */
export const sendTestNotification = (type: TestNotificationType, testEmail: string): Promise<TestNotificationResult> =>
  api.post<TestNotificationResult>('/api/notifications/test', { notification_type: type, test_email: testEmail });
