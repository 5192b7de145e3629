import { useId } from 'react';
import type { Packages } from '../../../../../shared/account/subscription.js';
import { TIERS, type TierId } from '../../../../../shared/tiers.js';
import { Button } from '../../../components/ui/button';
import { SETTINGS_TEXT } from '../texts';
import { downgradeTargets, monitorAllowance, monitorsDisabledAtMost, monthlyPrice } from '../utils/plans';
import { SettingsCard } from './settings-card';

/**
 * Subscription Management (spec §2, paid tiers only): downgrade cards and Cancel Subscription, with
 * the consequences spec §4 and §9 state. Both need the billing API (POST /api/subscription/downgrade
 * and /cancel), which does not exist yet: the buttons are disabled with a note.
 */
export function SubscriptionManagement({ tier, packages }: { tier: TierId; packages: Packages | undefined }) {
  const noteId = useId();
  return (
    <SettingsCard title="Subscription Management" description="Move to a smaller plan, or cancel your subscription.">
      <p id={noteId} className="mb-4 rounded-lg bg-indigo-50 px-4 py-3 text-sm font-medium text-indigo-800 ring-1 ring-indigo-200">
        {SETTINGS_TEXT.paymentComingSoon}
      </p>
      <ul className="grid gap-4 sm:grid-cols-[repeat(auto-fit,minmax(12rem,1fr))]" aria-label="Plans you can downgrade to">
        {downgradeTargets(tier).map((target) => {
          const name = packages?.[target]?.name ?? TIERS[target].name;
          const price = packages?.[target]?.price_usd ?? TIERS[target].priceUsd;
          const disabled = monitorsDisabledAtMost(tier, target);
          return (
            <li key={target} className="flex flex-col rounded-xl p-4 ring-1 ring-slate-200 sm:p-5" aria-label={`Downgrade to ${name}`}>
              <h4 className="font-semibold text-slate-900">{name}</h4>
              <p className="mt-1 text-sm text-slate-600">
                {monitorAllowance(TIERS[target].monitorCap)} · {monthlyPrice(price)}
              </p>
              <p className="mt-3 flex-1 text-sm text-amber-800">
                Up to {monitorAllowance(disabled)} will be disabled.
                {target === 'free' && ' Your data is kept for 30 days, and incidents older than 30 days are archived.'}
              </p>
              <Button variant="secondary" className="mt-4 w-full" disabled aria-describedby={noteId}>
                Downgrade to {name}
              </Button>
            </li>
          );
        })}
      </ul>
      <div className="mt-6 flex flex-col gap-3 border-t border-slate-100 pt-5 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-slate-600">If you cancel, your plan stays active until the end of the billing period.</p>
        <Button variant="danger" className="shrink-0" disabled aria-describedby={noteId}>
          Cancel Subscription
        </Button>
      </div>
    </SettingsCard>
  );
}
