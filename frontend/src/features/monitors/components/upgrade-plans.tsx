import { useEffect, useRef } from 'react';
import { TIERS, type TierId } from '@shared/tiers.js';
import { Button, ButtonLink } from '@/components/ui/button';
import { CheckCircleIcon } from '@/components/ui/icons';
import { Spinner } from '@/components/ui/spinner';
import { usePackages } from '@/lib/subscription';
import { MONITOR_TEXT } from '../texts';
import { upgradeTierIds } from '../utils/plan';
import { UPGRADE_PATH } from './limit-banner';
import { ModalActions } from '@/components/ui/modal-actions';

interface UpgradePlansProps {
  /** The user's plan now. */
  tier: TierId;
  /** Why the save was refused, as the server said it. */
  reason: string;
  onBack: () => void;
  /** "Back" to the form; "Close" where the view was opened without one (at the monitor limit). */
  backLabel?: string;
}

/**
 * The Add/Edit modal's "Upgrade Your Plan" view (docs/product-rules.md "Tiers and caps", "Error catalogue"): shown when a save is refused for
 * the monitor limit or the plan. Lists the bigger plans (packages call, built-in prices if it
 * fails) and sends the user to the subscription settings with Upgrade Now.
 */
export function UpgradePlans({ tier, reason, onBack, backLabel = 'Back' }: UpgradePlansProps) {
  const { data: packages } = usePackages();
  const heading = useRef<HTMLParagraphElement>(null);
  const offers = upgradeTierIds(tier);

  // The form the focus was in is gone: start the reader at the reason.
  useEffect(() => heading.current?.focus(), []);

  return (
    <div className="space-y-5" data-testid="upgrade-plans">
      <p ref={heading} tabIndex={-1} className="rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900 focus:outline-none">
        {reason}
      </p>
      {offers.length === 0 ? (
        <p className="text-sm text-slate-600">You are on the {TIERS[tier].name} plan, our highest. Contact us if you need more monitors.</p>
      ) : !packages ? (
        <div className="flex justify-center py-8 text-indigo-600" role="status">
          <Spinner className="size-6" />
          <span className="sr-only">Loading plans…</span>
        </div>
      ) : (
        <ul className={`grid gap-3 ${offers.length > 1 ? 'sm:grid-cols-3' : ''}`} aria-label="Plans">
          {offers.map((id) => {
            const offer = packages[id];
            return (
              <li key={id} className="flex flex-col rounded-xl p-4 ring-1 ring-slate-200">
                <h3 className="font-semibold text-slate-900">{offer.name}</h3>
                <p className="mt-1 text-slate-900">
                  <span className="text-2xl font-semibold tracking-tight">${offer.price_usd}</span>
                  <span className="text-sm text-slate-500">/month</span>
                </p>
                <ul className="mt-3 space-y-1.5 text-sm text-slate-600">
                  {offer.features.map((feature) => (
                    <li key={feature} className="flex gap-2">
                      <CheckCircleIcon className="mt-0.5 size-4 shrink-0 text-emerald-600" />
                      {feature}
                    </li>
                  ))}
                </ul>
              </li>
            );
          })}
        </ul>
      )}
      <ModalActions>
        <Button variant="secondary" onClick={onBack}>
          {backLabel}
        </Button>
        {offers.length > 0 && <ButtonLink to={UPGRADE_PATH}>{MONITOR_TEXT.upgradeNow}</ButtonLink>}
      </ModalActions>
    </div>
  );
}
