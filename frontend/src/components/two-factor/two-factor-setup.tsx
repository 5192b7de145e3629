import { useEffect, useState, type FormEvent } from 'react';
import { toDataURL } from 'qrcode';
import type { TwoFactorSetup as Setup } from '@shared/auth/two-factor.js';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/form-field';
import { errorMessage } from '@/lib/api-client';
import { confirmTwoFactorSetup, startTwoFactorSetup, type TwoFactorSession } from './two-factor-api';
import { RecoveryCodesPanel } from './recovery-codes-panel';

/**
 * Setting up two-factor sign-in (docs/security.md "Two-factor sign-in"): the server makes the
 * secret; the QR code is drawn here in the browser (the secret never goes to another server) and
 * the secret is shown as text for typing in by hand; a first code turns it on, and the recovery
 * codes are shown once. `session` says whose token sets it up (the user's, or an operator's).
 */
export function TwoFactorSetupFlow({ session, onDone, onCancel }: { session: TwoFactorSession; onDone: () => void; onCancel?: () => void }) {
  const [setup, setSetup] = useState<Setup | null>(null);
  const [qr, setQr] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [codes, setCodes] = useState<string[] | null>(null);

  useEffect(() => {
    let live = true;
    startTwoFactorSetup(session)
      .then(async (started) => {
        const image = await toDataURL(started.otpauth_uri, { margin: 1, width: 200 });
        if (live) {
          setSetup(started);
          setQr(image);
        }
      })
      .catch((error: unknown) => live && setFailure(errorMessage(error, 'Could not start the set-up. Please try again.')));
    return () => {
      live = false;
    };
  }, [session]);

  const confirm = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    setBusy(true);
    try {
      setCodes((await confirmTwoFactorSetup(session, { code })).recovery_codes);
    } catch (error) {
      setFailure(errorMessage(error, 'Could not turn on two-factor sign-in. Please try again.'));
    } finally {
      setBusy(false);
    }
  };

  if (codes) return <RecoveryCodesPanel codes={codes} onDone={onDone} />;
  return (
    <form className="space-y-4" onSubmit={(event) => void confirm(event)} noValidate aria-label="Set up two-factor sign-in" data-testid="two-factor-setup">
      {failure && <Alert>{failure}</Alert>}
      <ol className="list-decimal space-y-1 pl-5 text-sm text-slate-700">
        <li>Scan this QR code with an authenticator app (Google Authenticator, 1Password, Authy, ...).</li>
        <li>Or type the key below into the app by hand.</li>
        <li>Enter the 6-digit code the app shows.</li>
      </ol>
      <div className="flex flex-wrap items-center gap-4">
        {qr ? (
          <img src={qr} width={200} height={200} alt="QR code for your authenticator app" className="rounded-lg ring-1 ring-slate-200" />
        ) : (
          <div className="size-[200px] animate-pulse rounded-lg bg-slate-100" aria-hidden="true" />
        )}
        {setup && (
          <p className="min-w-0 text-sm text-slate-700">
            Key:{' '}
            <code className="break-all rounded bg-slate-100 px-1.5 py-0.5 font-mono text-slate-900" data-testid="two-factor-secret">
              {setup.secret}
            </code>
          </p>
        )}
      </div>
      <div className="max-w-xs">
        <TextField label="Code from the app" autoComplete="one-time-code" inputMode="numeric" value={code} onChange={(event) => setCode(event.target.value)} />
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" loading={busy} disabled={!setup}>
          Turn on
        </Button>
        {onCancel && (
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
        )}
      </div>
    </form>
  );
}
