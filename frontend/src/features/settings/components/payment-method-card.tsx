import { useState } from 'react';
import type { SubscriptionSummary } from '@shared/account/subscription.js';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { CreditCardIcon } from '@/components/ui/icons';
import { errorMessage } from '@/lib/api-client';
import { openCardPortal } from '../api/open-card-portal';
import { SETTINGS_TEXT } from '../texts';
import { SettingsCard } from './settings-card';

/**
 * Payment Method (docs/billing.md "Card portal"), shown while a provider subscription pays for the
 * plan. By card: "Update payment method" opens Stripe's customer portal, where the card is changed
 * and Stripe's invoices are listed. By UPI there is no card: the AutoPay mandate lives in the
 * user's UPI app, and the card says so rather than offering a button that could not help.
 */
export function PaymentMethodCard({ subscription }: { subscription: Pick<SubscriptionSummary, 'gateway'> }) {
  const [opening, setOpening] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const open = async () => {
    setOpening(true);
    setFailure(null);
    try {
      await openCardPortal();
    } catch (cause) {
      setFailure(errorMessage(cause, SETTINGS_TEXT.failedToOpenCardPortal));
      setOpening(false);
    }
  };

  if (subscription.gateway === 'razorpay') {
    return (
      <SettingsCard title="Payment Method" description="Your plan is paid by UPI.">
        <p className="text-sm text-slate-600" data-testid="upi-payment-method">
          {SETTINGS_TEXT.upiPaymentMethod}
        </p>
      </SettingsCard>
    );
  }
  return (
    <SettingsCard title="Payment Method" description="Your plan is paid by card, through Stripe.">
      <div className="space-y-3">
        {failure && <Alert>{failure}</Alert>}
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm text-slate-600">{SETTINGS_TEXT.cardPortalHint}</p>
          <Button variant="secondary" className="shrink-0" loading={opening} onClick={() => void open()}>
            {!opening && <CreditCardIcon className="size-4" />}
            Update payment method
          </Button>
        </div>
      </div>
    </SettingsCard>
  );
}
