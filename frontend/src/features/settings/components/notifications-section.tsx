import { useState } from 'react';
import type { NotificationPreferenceKey } from '@shared/account/notifications.js';
import { Alert } from '@/components/ui/alert';
import { LoadError } from '@/components/ui/load-error';
import { errorMessage } from '@/lib/api-client';
import { useNotificationPreferences } from '../api/get-notification-preferences';
import { useUpdateNotificationPreference } from '../api/update-notification-preference';
import { useTimedMessage } from '../hooks/use-timed-message';
import { NOTIFICATION_SUCCESS_MS, SETTINGS_TEXT } from '../texts';
import { LoadingLines, SectionHeader, SettingsCard } from './settings-card';
import { AlertChannelsCard } from './channels/alert-channels-card';
import { AlertRulesCard } from './alert-rules-card';
import { TestNotifications } from './test-notifications';
import { Toggle } from '@/components/ui/toggle';
import { useMayCall } from '@/lib/workspace';

interface Switch {
  key: NotificationPreferenceKey;
  label: string;
  description: string;
}

const SWITCHES: Switch[] = [
  { key: 'email_notifications', label: 'Email Notifications', description: 'Alerts and reports by e-mail. Turn off to mute them all.' },
  { key: 'incident_alerts', label: 'Incident Alerts', description: 'When a website goes down, and again when it recovers.' },
  { key: 'maintenance_alerts', label: 'Maintenance Alerts', description: 'Notices about planned maintenance.' },
  { key: 'weekly_reports', label: 'Weekly Reports', description: 'A summary of the week’s uptime and incidents.' },
  { key: 'daily_reports', label: 'Daily Reports', description: 'A summary of the day, sent at 9 AM UTC.' },
  // The master switches of every SMS and every Slack channel (docs/alerts.md "API"); the server turns
  // one on when the first channel of its type is added.
  { key: 'sms_notifications', label: 'SMS Notifications', description: 'Alerts by text message.' },
  { key: 'slack_notifications', label: 'Slack Notifications', description: 'Alerts in a Slack channel.' },
];

/**
 * Notifications (docs/product-rules.md "Alerts and notifications"): one switch per preference,
 * saved one key at a time, the alert channels (docs/alerts.md "API"), the account's alert rules
 * (docs/alerts.md "Alert rules") and the test mails.
 */
export function NotificationsSection() {
  const { data, error, isLoading, mutate } = useNotificationPreferences();
  const update = useUpdateNotificationPreference();
  const [saving, setSaving] = useState<NotificationPreferenceKey | null>(null);
  const [message, showMessage] = useTimedMessage(NOTIFICATION_SUCCESS_MS);
  // Notifications, channels and alert rules are an admin's to change (docs/teams.md "Roles").
  const mayChange = useMayCall('updateNotificationPreferences');

  // One save at a time. The switches stay enabled meanwhile: disabling the focused one would drop
  // the keyboard user's focus.
  const change = async (key: NotificationPreferenceKey, value: boolean) => {
    if (saving) return;
    setSaving(key);
    showMessage(null);
    try {
      await update(key, value);
      showMessage({ tone: 'success', text: SETTINGS_TEXT.notificationPreferencesUpdated });
    } catch (cause) {
      showMessage({ tone: 'error', text: errorMessage(cause, SETTINGS_TEXT.failedToUpdateNotificationPreferences) });
    } finally {
      setSaving(null);
    }
  };

  return (
    <>
      <SectionHeader title="Notifications" description="Choose what Upwatch tells you about, and try it out." />
      {!mayChange && <Alert tone="info">Only an admin or owner can change notifications, alert channels and alert rules.</Alert>}
      {mayChange && (
        <SettingsCard title="Notification Preferences">
          {error && !data ? (
            <LoadError error={error} fallback="Your notification preferences could not be loaded." onRetry={() => void mutate()} />
          ) : isLoading || !data ? (
            <LoadingLines label="Loading notification preferences…" lines={5} />
          ) : (
            <div className="space-y-2">
              {message && <Alert tone={message.tone}>{message.text}</Alert>}
              <div className="divide-y divide-slate-100">
                {SWITCHES.map(({ key, label, description }) => (
                  <Toggle
                    key={key}
                    label={label}
                    description={description}
                    checked={data[key]}
                    busy={saving === key}
                    onChange={(value: boolean) => void change(key, value)}
                  />
                ))}
              </div>
            </div>
          )}
        </SettingsCard>
      )}
      <AlertChannelsCard />
      {mayChange && <AlertRulesCard />}
      {mayChange && <TestNotifications />}
    </>
  );
}
