import { useState, type FormEvent } from 'react';
import useSWR from 'swr';
import type { TwoFactorStatus } from '@shared/auth/two-factor.js';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { PasswordField, TextField } from '@/components/ui/form-field';
import { errorMessage } from '@/lib/api-client';
import { RecoveryCodesPanel } from '@/components/two-factor/recovery-codes-panel';
import { TwoFactorSetupFlow } from '@/components/two-factor/two-factor-setup';
import { disableTwoFactor, getTwoFactorStatus, regenerateRecoveryCodes, TWO_FACTOR_PATH } from '@/components/two-factor/two-factor-api';
import { SettingsCard } from './settings-card';

type Panel = 'none' | 'setup' | 'regenerate' | 'disable';

/**
 * Two-factor sign-in in Settings -> Security (docs/security.md "Two-factor sign-in"): turn it on
 * with a QR code and a first code; while on, the recovery codes left, new codes for a current code,
 * and turning it off with the password and a code.
 */
export function TwoFactorCard() {
  const status = useSWR<TwoFactorStatus, Error>(TWO_FACTOR_PATH, () => getTwoFactorStatus());
  const [panel, setPanel] = useState<Panel>('none');
  const [codes, setCodes] = useState<string[] | null>(null);
  const [fields, setFields] = useState({ code: '', password: '' });
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const close = () => {
    setPanel('none');
    setCodes(null);
    setFailure(null);
    setFields({ code: '', password: '' });
    void status.mutate();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    setBusy(true);
    try {
      if (panel === 'regenerate') setCodes((await regenerateRecoveryCodes({ code: fields.code })).recovery_codes);
      else {
        await disableTwoFactor({ password: fields.password, code: fields.code });
        close();
      }
    } catch (error) {
      setFailure(errorMessage(error, 'That did not work. Please try again.'));
    } finally {
      setBusy(false);
    }
  };

  const on = status.data?.enabled === true;
  const description = on
    ? `On. ${status.data?.recovery_codes_left ?? 0} of 10 recovery codes left.`
    : 'A second step at sign-in, with a code from an authenticator app.';
  const actions =
    panel !== 'none' || !status.data ? null : on ? (
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" onClick={() => setPanel('regenerate')}>
          New recovery codes
        </Button>
        <Button variant="danger" onClick={() => setPanel('disable')}>
          Turn off
        </Button>
      </div>
    ) : (
      <Button onClick={() => setPanel('setup')}>Turn on two-factor sign-in</Button>
    );

  return (
    <SettingsCard title="Two-Factor Authentication" description={description} actions={actions}>
      {status.error && <Alert>{errorMessage(status.error, 'Could not load your two-factor settings.')}</Alert>}
      {panel === 'setup' && <TwoFactorSetupFlow session={true} onDone={close} onCancel={close} />}
      {codes && <RecoveryCodesPanel codes={codes} onDone={close} />}
      {(panel === 'regenerate' || panel === 'disable') && !codes && (
        <form className="max-w-md space-y-4" onSubmit={(event) => void submit(event)} noValidate aria-label={panel === 'regenerate' ? 'New recovery codes' : 'Turn off two-factor sign-in'}>
          {failure && <Alert>{failure}</Alert>}
          {panel === 'disable' && (
            <PasswordField label="Password" autoComplete="current-password" value={fields.password} onChange={(event) => setFields({ ...fields, password: event.target.value })} />
          )}
          <TextField
            label="Code from the app, or a recovery code"
            autoComplete="one-time-code"
            value={fields.code}
            onChange={(event) => setFields({ ...fields, code: event.target.value })}
          />
          <div className="flex flex-wrap gap-2">
            <Button type="submit" variant={panel === 'disable' ? 'danger' : 'primary'} loading={busy}>
              {panel === 'regenerate' ? 'Make new codes' : 'Turn off'}
            </Button>
            <Button variant="secondary" onClick={close}>
              Cancel
            </Button>
          </div>
        </form>
      )}
    </SettingsCard>
  );
}
