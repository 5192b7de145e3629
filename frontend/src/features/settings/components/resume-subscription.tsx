import { useState } from 'react';
import { TIERS, type TierId } from '@shared/tiers.js';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import { resumeSubscription } from '../api/resume-subscription';
import { useRefreshAccount } from '../hooks/use-refresh-account';
import { SETTINGS_TEXT } from '../texts';

/**
 * Takes back what the end of the period would bring (docs/billing.md "Resume and undo"): a
 * cancellation (or downgrade to Free) with "Resume subscription", a downgrade to a smaller paid
 * plan with "Keep <plan>". Once it can no longer be taken back (a UPI cancellation Razorpay
 * already has), it says so instead.
 */
export function ResumeSubscription({
  tier,
  scheduled,
  resumable,
  onDone,
}: {
  tier: TierId;
  scheduled: TierId;
  resumable: boolean;
  onDone: (message: string) => void;
}) {
  const refreshAccount = useRefreshAccount();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  if (!resumable) {
    return <p className="text-sm text-slate-600">{SETTINGS_TEXT.cannotResume}</p>;
  }

  const label = scheduled === 'free' ? 'Resume subscription' : `Keep ${TIERS[tier].name}`;
  const resume = async () => {
    setBusy(true);
    setFailure(null);
    try {
      const result = await resumeSubscription();
      onDone(result.message);
      await refreshAccount().catch(() => undefined);
    } catch (cause) {
      setFailure(errorMessage(cause, SETTINGS_TEXT.failedToResume));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="space-y-3">
      {failure && <Alert>{failure}</Alert>}
      <Button variant="secondary" onClick={() => void resume()} loading={busy} disabled={busy}>
        {label}
      </Button>
    </div>
  );
}
