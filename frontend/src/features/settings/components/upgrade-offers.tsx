import { useId } from 'react';
import type { Packages } from '../../../../../shared/account/subscription.js';
import { TIERS, type TierId } from '../../../../../shared/tiers.js';
import { Button } from '../../../components/ui/button';
import { CheckCircleIcon } from '../../../components/ui/icons';
import { SETTINGS_TEXT } from '../texts';
import { monthlyPrice, upgradeOffers } from '../utils/plans';
import { SettingsCard } from './settings-card';

/**
 * Upgrade cards by tier (spec §4, reading (b): see utils/plans.ts). The "Upgrade to $N/month"
 * buttons are disabled: the checkout call (POST /api/payments/checkout/session) does not exist yet.
 */
export function UpgradeOffers({ tier, packages }: { tier: TierId; packages: Packages | undefined }) {
  const noteId = useId();
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
    <SettingsCard title="Upgrade Your Plan" description="More monitors, faster checks and longer history.">
      <p id={noteId} className="mb-4 rounded-lg bg-indigo-50 px-4 py-3 text-sm font-medium text-indigo-800 ring-1 ring-indigo-200">
        {SETTINGS_TEXT.paymentComingSoon}
      </p>
      <ul className="grid gap-4 sm:grid-cols-[repeat(auto-fit,minmax(12rem,1fr))]" aria-label="Plans you can upgrade to">
        {offers.map((id) => {
          const plan = packages?.[id];
          const name = plan?.name ?? TIERS[id].name;
          const price = plan?.price_usd ?? TIERS[id].priceUsd;
          const features = plan?.features ?? TIERS[id].features;
          return (
            <li key={id} className="flex flex-col rounded-xl p-4 ring-1 ring-slate-200 sm:p-5" aria-label={name}>
              <h4 className="font-semibold text-slate-900">{name}</h4>
              <p className="mt-2">
                <span className="text-2xl font-semibold tracking-tight text-slate-900">${price}</span>
                <span className="text-sm text-slate-500">/month</span>
              </p>
              {/* A single offer spans the card's width: its features then run in two columns. */}
              <ul className={`mt-4 flex-1 gap-x-6 text-sm text-slate-600 ${offers.length === 1 ? 'sm:columns-2' : ''}`}>
                {features.map((feature) => (
                  <li key={feature} className="mb-2 flex break-inside-avoid gap-2">
                    <CheckCircleIcon className="size-5 shrink-0 text-emerald-500" />
                    {feature}
                  </li>
                ))}
              </ul>
              <Button className={`mt-5 w-full whitespace-nowrap ${offers.length === 1 ? 'sm:w-auto sm:self-start' : ''}`} disabled aria-describedby={noteId}>
                Upgrade to {monthlyPrice(price)}
              </Button>
            </li>
          );
        })}
      </ul>
      <p className="mt-4 text-xs text-slate-500">Pay with UPI, cards, net banking or wallets.</p>
    </SettingsCard>
  );
}
