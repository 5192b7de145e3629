import { useState } from 'react';
import { TIERS, type TierId } from '@shared/tiers.js';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextAreaField } from '@/components/ui/form-field';
import { Modal } from '@/components/ui/modal';
import { errorMessage } from '@/lib/api-client';
import { useAuth } from '@/lib/session';
import { formatDate } from '@/utils/time';
import { cancelSubscription } from '../api/cancel-subscription';
import { useRefreshAccount } from '../hooks/use-refresh-account';
import { SETTINGS_TEXT } from '../texts';
import { cancellationMessage, monitorImpactText } from '../utils/plans';

type Step = 'idle' | 'reason' | 'confirm';

/**
 * Cancel Subscription (docs/product-rules.md "Downgrades and cancellation"): an optional reason first, then a confirmation; the plan stays
 * active to the end of the billing period, which the result names.
 */
export function CancelSubscription({ tier, monitorsUsed, onDone }: { tier: TierId; monitorsUsed: number | undefined; onDone: (message: string) => void }) {
  const { user } = useAuth();
  const refreshAccount = useRefreshAccount();
  const [step, setStep] = useState<Step>('idle');
  const [reason, setReason] = useState('');
  const [cancelling, setCancelling] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const name = TIERS[tier].name;
  const endsAt = user?.subscription_ends_at ?? null;
  const until = endsAt ? formatDate(endsAt, user?.timezone) : 'the end of your billing period';

  const close = () => {
    if (cancelling) return;
    setStep('idle');
  };

  const cancel = async () => {
    setCancelling(true);
    setFailure(null);
    try {
      const result = await cancelSubscription(reason.trim() || null);
      setStep('idle');
      setReason('');
      onDone(cancellationMessage(tier, result.effective_date || endsAt, user?.timezone));
      await refreshAccount().catch(() => undefined);
    } catch (cause) {
      setStep('idle');
      setFailure(errorMessage(cause, SETTINGS_TEXT.failedToCancelSubscription));
    } finally {
      setCancelling(false);
    }
  };

  return (
    <div className="space-y-3 border-t border-slate-100 pt-5">
      {failure && <Alert>{failure}</Alert>}
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-slate-600">If you cancel, your plan stays active until the end of the billing period ({until}).</p>
        <Button variant="danger" className="shrink-0" onClick={() => setStep('reason')} loading={cancelling}>
          Cancel Subscription
        </Button>
      </div>

      <Modal open={step === 'reason'} title="Cancel your subscription" onClose={close}>
        <form
          className="space-y-5"
          aria-label="Cancellation reason"
          onSubmit={(event) => {
            event.preventDefault();
            setStep('confirm');
          }}
        >
          <TextAreaField
            label="Why are you cancelling? (optional)"
            name="reason"
            rows={3}
            maxLength={500}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            hint="Your answer helps us improve Upwatch."
          />
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={close}>
              Keep my plan
            </Button>
            <Button type="submit" variant="danger">
              Continue
            </Button>
          </div>
        </form>
      </Modal>

      <Modal open={step === 'confirm'} title={`Cancel your ${name} subscription?`} onClose={close}>
        <p className="text-sm text-slate-600">
          {name} stays active until {until}. After that your account moves to Free (1 monitor): monitors beyond it are disabled and kept for 30
          days.
        </p>
        <p className="mt-2 text-sm font-medium text-amber-800" data-testid="cancel-monitors-impact">
          {monitorImpactText(monitorsUsed, 'free')}
        </p>
        <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={close} disabled={cancelling}>
            Keep my plan
          </Button>
          <Button variant="danger" loading={cancelling} onClick={() => void cancel()}>
            Yes, cancel subscription
          </Button>
        </div>
      </Modal>
    </div>
  );
}
