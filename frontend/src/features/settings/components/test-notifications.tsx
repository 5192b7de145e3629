import { useState } from 'react';
import type { TestNotificationType } from '@shared/account/notifications.js';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { MailIcon } from '@/components/ui/icons';
import { errorMessage } from '@/lib/api-client';
import { useAuth } from '@/lib/session';
import { sendTestNotification } from '../api/send-test-notification';
import { SETTINGS_TEXT } from '../texts';
import { SettingsCard } from './settings-card';

const TESTS: { type: TestNotificationType; label: string }[] = [
  { type: 'email', label: 'Test Email' },
  { type: 'incident', label: 'Test Incident Alert' },
  { type: 'weekly_report', label: 'Test Weekly Report' },
  { type: 'daily_report', label: 'Test Daily Report' },
];

/** The test buttons (docs/product-rules.md "Alerts and notifications"): each sends that mail now to the user's own address. */
export function TestNotifications() {
  const { user } = useAuth();
  const [sending, setSending] = useState<TestNotificationType | null>(null);
  const [outcome, setOutcome] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  if (!user) return null;

  const send = async (type: TestNotificationType) => {
    setSending(type);
    setOutcome(null);
    try {
      const result = await sendTestNotification(type, user.email);
      setOutcome({ tone: 'success', text: result.message });
    } catch (cause) {
      setOutcome({ tone: 'error', text: errorMessage(cause, SETTINGS_TEXT.failedToSendTestNotification) });
    } finally {
      setSending(null);
    }
  };

  return (
    <SettingsCard
      title="Test Notifications"
      description={
        <>
          See what each e-mail looks like: it is sent now to <span className="font-medium text-slate-800">{user.email}</span>.
        </>
      }
    >
      <div className="space-y-4">
        {outcome && <Alert tone={outcome.tone}>{outcome.text}</Alert>}
        <div className="grid gap-3 sm:grid-cols-2">
          {TESTS.map(({ type, label }) => (
            <Button
              key={type}
              variant="secondary"
              className="justify-start"
              onClick={() => void send(type)}
              disabled={sending !== null}
              loading={sending === type}
            >
              {sending !== type && <MailIcon className="size-4 text-slate-400" />}
              {label}
            </Button>
          ))}
        </div>
      </div>
    </SettingsCard>
  );
}
