import { z } from 'zod';
import { emailAddress } from '../validation.js';

/**
 * Notification preferences and the test notifications of the Settings page (docs/product-rules.md "Alerts and notifications").
 * SMS and Slack switch every alert channel of their type on or off (docs/alerts.md "Which channels a monitor uses").
 */
export const DEFAULT_NOTIFICATION_PREFERENCES = {
  email_notifications: true,
  sms_notifications: false,
  slack_notifications: false,
  daily_reports: false,
  weekly_reports: true,
  incident_alerts: true,
  maintenance_alerts: true,
} as const satisfies Record<string, boolean>;

export type NotificationPreferenceKey = keyof typeof DEFAULT_NOTIFICATION_PREFERENCES;
export type NotificationPreferences = Record<NotificationPreferenceKey, boolean>;

export const NOTIFICATION_PREFERENCE_KEYS = Object.keys(DEFAULT_NOTIFICATION_PREFERENCES) as NotificationPreferenceKey[];

export const isNotificationPreferenceKey = (key: string): key is NotificationPreferenceKey =>
  (NOTIFICATION_PREFERENCE_KEYS as string[]).includes(key);

/** Stored values over the defaults; anything stored that is not a known boolean preference is ignored. */
export const withDefaultPreferences = (stored: Record<string, unknown> | undefined): NotificationPreferences => {
  const preferences: NotificationPreferences = { ...DEFAULT_NOTIFICATION_PREFERENCES };
  for (const key of NOTIFICATION_PREFERENCE_KEYS) {
    const value = stored?.[key];
    if (typeof value === 'boolean') preferences[key] = value;
  }
  return preferences;
};

/** The notification e-mails the mailer and the report jobs send, each governed by its own preference. */
export type NotificationMail = 'incident_alert' | 'daily_report' | 'weekly_report' | 'maintenance';

const MAIL_PREFERENCE: Record<NotificationMail, NotificationPreferenceKey> = {
  incident_alert: 'incident_alerts',
  // A window scheduled, started, ended (docs/maintenance.md "Mails to the owner").
  maintenance: 'maintenance_alerts',
  daily_report: 'daily_reports',
  weekly_report: 'weekly_reports',
};

/**
 * Whether the user wants a notification e-mail of this kind: `email_notifications` is the e-mail
 * channel as a whole (like the SMS and Slack switches beside it) and the kind's own switch must be
 * on too. Mails the user asks for (a test, a link to verify or reset) are not notifications and
 * always go.
 */
export const wantsNotificationMail = (preferences: NotificationPreferences, mail: NotificationMail): boolean =>
  preferences.email_notifications && preferences[MAIL_PREFERENCE[mail]];

const KNOWN_KEYS = NOTIFICATION_PREFERENCE_KEYS.join(', ');

/**
 * PUT /api/notifications/preferences: the one changed key (docs/product-rules.md "Alerts and notifications"), e.g.
 * `{"daily_reports": true}`, parsed into `{key, value}`.
 */
export const UpdateNotificationPreferenceInput = z
  .record(z.string(), z.unknown())
  .superRefine((body, ctx) => {
    const keys = Object.keys(body);
    const unknown = keys.filter((key) => !isNotificationPreferenceKey(key));
    if (unknown.length) {
      ctx.addIssue({
        code: 'custom',
        path: [unknown[0]!],
        message: `Unknown notification preference: ${unknown.join(', ')}. Known preferences: ${KNOWN_KEYS}`,
      });
      return;
    }
    if (keys.length !== 1) {
      ctx.addIssue({
        code: 'custom',
        message: `Send exactly one notification preference to change (got ${keys.length}), e.g. {"email_notifications": false}`,
      });
      return;
    }
    const key = keys[0]!;
    if (typeof body[key] !== 'boolean') {
      ctx.addIssue({ code: 'custom', path: [key], message: `${key} must be true or false` });
    }
  })
  .transform((body) => {
    const [key, value] = Object.entries(body)[0]!;
    return { key: key as NotificationPreferenceKey, value: value as boolean };
  });
export type UpdateNotificationPreferenceInput = z.output<typeof UpdateNotificationPreferenceInput>;

/** The test buttons of the Settings page (docs/product-rules.md "Alerts and notifications"). */
export const TEST_NOTIFICATION_TYPES = ['email', 'incident', 'weekly_report', 'daily_report'] as const;
export type TestNotificationType = (typeof TEST_NOTIFICATION_TYPES)[number];

export const SendTestNotificationInput = z.object({
  notification_type: z.enum(TEST_NOTIFICATION_TYPES, {
    error: `notification_type must be one of: ${TEST_NOTIFICATION_TYPES.join(', ')}`,
  }),
  test_email: emailAddress('test_email'),
});
export type SendTestNotificationInput = z.infer<typeof SendTestNotificationInput>;

export interface TestNotificationResult {
  success: true;
  message: string;
}

/** Test notifications a user may send per window (each is a real e-mail to any address). */
export const TEST_NOTIFICATION_RATE_LIMIT = { limit: 5, windowSeconds: 10 * 60 } as const;

/** Why a test was not sent to the address given (docs/alerts.md "Test sends"). */
export const NOT_A_CONFIRMED_ADDRESS =
  'Test notifications go only to your own address or to an alert recipient that has confirmed it wants alerts. Add the address as an e-mail channel and confirm it first.';
