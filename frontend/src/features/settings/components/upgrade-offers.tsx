import { useState } from 'react';
import type { Packages } from '@shared/account/subscription.js';
import { TIERS, type TierId } from '@shared/tiers.js';
import { Button } from '@/components/ui/button';
import { CheckCircleIcon } from '@/components/ui/icons';
import { SegmentedControl } from '@/components/ui/segmented-control';
import { PAYMENT_METHOD_OPTIONS, paymentMethodOf, type CheckoutChoice, type PaidTierId, type PaymentGateway, type PaymentMethod } from '@/lib/checkout';
import { PAYMENT_TEXT } from '@/lib/payment-texts';
import { formatPrice } from '@/utils/money';
import { offerPrice, upgradeLabel, upgradeOffers } from '../utils/plans';
import { SettingsCard } from './settings-card';

interface UpgradeOffersProps {
  tier: TierId;
  packages: Packages | undefined;
  /** The plan whose checkout is starting (its button shows "Processing..."). */
  busy: PaidTierId | null;
  /** A payment is being verified: no new checkout meanwhile. */
  verifying: boolean;
  /** How the current subscription is paid (null on a plan no subscription pays for): the form starts on it. */
  currentGateway: PaymentGateway | null | undefined;
  onUpgrade: (choice: CheckoutChoice) => void;
  /** What a checkout paid now would end and refund (null: no live subscription to replace). */
  switchNotice?: string | null;
}

/**
 * Upgrade cards by tier (docs/product-rules.md "Upgrades": every tier above the user's), each with an "Upgrade to
 * $N/month" button that starts a monthly checkout: by card (USD) or by UPI, whose prices are shown
 * in INR (docs/product-rules.md "Checkout"). The form starts on the way the current subscription is paid (Card for a free
 * user) until the user picks one; the limits that say so may arrive after the first render.
 */
export function UpgradeOffers({ tier, packages, busy, verifying, currentGateway, onUpgrade, switchNotice }: UpgradeOffersProps) {
  const [chosen, setMethod] = useState<PaymentMethod | null>(null);
  const method = chosen ?? paymentMethodOf(currentGateway);
  const offers = upgradeOffers(tier);

  if (offers.length === 0) {
    return (
      <SettingsCard title="Upgrade Your Plan">
        <p className="rounded-lg bg-emerald-50 px-4 py-3 text-sm text-emerald-800 ring-1 ring-emerald-200" role="status">
          Congratulations! You are on {TIERS[tier].name}, our highest plan, with every Upwatch feature included.
        </p>
      </SettingsCard>
    );
  }

  return (
    <SettingsCard
      title="Upgrade Your Plan"
      description="More monitors, faster checks and longer history."
      actions={<SegmentedControl label="Payment method" options={PAYMENT_METHOD_OPTIONS} value={method} onChange={setMethod} />}
    >
      {switchNotice && (
        <p className="mb-4 rounded-lg bg-indigo-50 px-4 py-3 text-sm text-indigo-800 ring-1 ring-indigo-200" data-testid="switch-notice">
          {switchNotice}
        </p>
      )}
      <ul className="grid gap-4 sm:grid-cols-[repeat(auto-fit,minmax(12rem,1fr))]" aria-label="Plans you can upgrade to">
        {offers.map((id) => {
          const plan = packages?.[id] ?? { name: TIERS[id].name, price_usd: TIERS[id].priceUsd, price_inr: TIERS[id].priceInr, features: TIERS[id].features };
          const price = offerPrice(plan, method);
          const paidId = id as PaidTierId;
          return (
            <li key={id} className="flex flex-col rounded-xl p-4 ring-1 ring-slate-200 sm:p-5" aria-label={plan.name}>
              <h4 className="font-semibold text-slate-900">{plan.name}</h4>
              <p className="mt-2">
                <span className="text-2xl font-semibold tracking-tight text-slate-900">{formatPrice(price.amount, price.currency)}</span>
                <span className="text-sm text-slate-500">/month</span>
              </p>
              {/* A single offer spans the card's width: its features then run in two columns. */}
              <ul className={`mt-4 flex-1 gap-x-6 text-sm text-slate-600 ${offers.length === 1 ? 'sm:columns-2' : ''}`}>
                {plan.features.map((feature) => (
                  <li key={feature} className="mb-2 flex break-inside-avoid gap-2">
                    <CheckCircleIcon className="size-5 shrink-0 text-emerald-500" />
                    {feature}
                  </li>
                ))}
              </ul>
              <Button
                className={`mt-5 w-full whitespace-nowrap ${offers.length === 1 ? 'sm:w-auto sm:self-start' : ''}`}
                disabled={busy !== null || verifying}
                loading={busy === paidId}
                onClick={() => onUpgrade({ tier: paidId, method, billingPeriod: 'monthly' })}
              >
                {busy === paidId ? PAYMENT_TEXT.processing : upgradeLabel(plan, method)}
              </Button>
            </li>
          );
        })}
      </ul>
      <p className="mt-4 text-xs text-slate-500">
        {PAYMENT_TEXT.payNote}{' '}
        {method === 'upi' ? 'UPI prices are in Indian rupees.' : 'Card prices are in US dollars; choose UPI to pay in Indian rupees.'}
      </p>
    </SettingsCard>
  );
}
