import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/form-field';
import { Modal } from '@/components/ui/modal';
import { errorMessage } from '@/lib/api-client';
import { useAuth } from '@/lib/session';
import { deleteAccount } from '../api/delete-account';
import { DELETE_CONFIRMATION_WORD, SETTINGS_TEXT } from '../texts';
import { SettingsCard } from './settings-card';
import { paths } from '@/config/paths';

type Step = 'idle' | 'confirm' | 'type';

/**
 * Delete Account (docs/product-rules.md "Auth flows and token lifetimes"): a confirm dialog, then
 * typing DELETE exactly with the current password. A mistake (another word, a wrong password, a
 * refusal) keeps the dialog open with what was typed and says what to fix; only Cancel cancels.
 * The current password goes along: the server refuses to erase an account for a session alone
 * (docs/security.md). Deleted, the user is signed out and taken to the home page.
 */
export function DangerZone() {
  const { signOut } = useAuth();
  const navigate = useNavigate();
  const [step, setStep] = useState<Step>('idle');
  const [typed, setTyped] = useState('');
  const [password, setPassword] = useState('');
  const [deleting, setDeleting] = useState(false);
  const [confirmationError, setConfirmationError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const close = () => {
    if (deleting) return;
    setStep('idle');
    setTyped('');
    setPassword('');
    setConfirmationError(null);
    setFailure(null);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    // Only DELETE exactly (same case, nothing around it) goes ahead; anything else is pointed out, and kept.
    if (typed !== DELETE_CONFIRMATION_WORD) {
      setConfirmationError(SETTINGS_TEXT.typeDeleteExactly);
      return;
    }
    setConfirmationError(null);
    setDeleting(true);
    try {
      await deleteAccount({ password });
      await signOut();
      navigate(paths.home, { replace: true });
    } catch (cause) {
      setDeleting(false);
      setFailure(errorMessage(cause, SETTINGS_TEXT.failedToDeleteAccount));
    }
  };

  return (
    <SettingsCard
      title="Danger Zone"
      tone="danger"
      description="Deleting your account erases your monitors, incidents and settings at once. This cannot be undone."
    >
      <div className="space-y-4">
        <Button variant="danger" onClick={() => setStep('confirm')}>
          Delete Account
        </Button>
      </div>

      <Modal open={step === 'confirm'} title="Delete your account?" onClose={close}>
        <p className="text-sm text-slate-600">
          Your account, every monitor, its check history and incidents, and your settings will be deleted permanently.
          You will be signed out.
        </p>
        <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={close}>
            Cancel
          </Button>
          <Button variant="danger" onClick={() => setStep('type')}>
            Continue
          </Button>
        </div>
      </Modal>

      <Modal open={step === 'type'} title="Confirm account deletion" onClose={close}>
        <form className="space-y-5" onSubmit={submit} noValidate aria-label="Confirm account deletion">
          {failure && <Alert>{failure}</Alert>}
          <TextField
            label={`Type ${DELETE_CONFIRMATION_WORD} to confirm`}
            name="confirmation"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            value={typed}
            onChange={(event) => {
              setTyped(event.target.value);
              setConfirmationError(null);
            }}
            hint={`In capital letters, exactly ${DELETE_CONFIRMATION_WORD}.`}
            error={confirmationError ?? undefined}
          />
          <TextField
            label="Current Password"
            name="password"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => {
              setPassword(event.target.value);
              setFailure(null);
            }}
          />
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={close} disabled={deleting}>
              Cancel
            </Button>
            <Button type="submit" variant="danger" loading={deleting}>
              Delete My Account
            </Button>
          </div>
        </form>
      </Modal>
    </SettingsCard>
  );
}
