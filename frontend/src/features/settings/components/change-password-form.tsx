import { useState, type FormEvent } from 'react';
import { TEXT } from '@shared/texts.js';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/form-field';
import { useFormFields } from '@/components/ui/use-form-fields';
import { errorMessage } from '@/lib/api-client';
import { changePassword } from '../api/change-password';
import { SETTINGS_TEXT } from '../texts';
import { validatePasswordChange, type PasswordChangeValues } from '../utils/password-change';
import { SettingsCard } from './settings-card';

const EMPTY: PasswordChangeValues = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** Change password (docs/product-rules.md "Auth flows and token lifetimes", "Validation rules", "Error catalogue"): checked here first, then POST /api/auth/change-password. */
export function ChangePasswordForm() {
  const { values, setErrors, field, reset } = useFormFields(EMPTY);
  const [outcome, setOutcome] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const [saving, setSaving] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setOutcome(null);
    const found = validatePasswordChange(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setSaving(true);
    try {
      const result = await changePassword({ current_password: values.currentPassword, new_password: values.newPassword });
      reset();
      setOutcome({ tone: 'success', text: result.message || TEXT.passwordChanged });
    } catch (cause) {
      setOutcome({ tone: 'error', text: errorMessage(cause, SETTINGS_TEXT.failedToChangePassword) });
    } finally {
      setSaving(false);
    }
  };

  return (
    <SettingsCard title="Change Password" description="Use at least 8 characters. You stay signed in on this device; your other devices are signed out.">
      <form className="max-w-md space-y-5" onSubmit={submit} noValidate aria-label="Change Password">
        {outcome && <Alert tone={outcome.tone}>{outcome.text}</Alert>}
        <TextField label="Current Password" type="password" autoComplete="current-password" {...field('currentPassword')} />
        <TextField label="New Password" type="password" autoComplete="new-password" {...field('newPassword')} />
        <TextField label="Confirm New Password" type="password" autoComplete="new-password" {...field('confirmPassword')} />
        <Button type="submit" loading={saving}>
          Change Password
        </Button>
      </form>
    </SettingsCard>
  );
}
