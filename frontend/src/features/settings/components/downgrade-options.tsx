import { useState } from 'react';
import type { Packages, SubscriptionSummary } from '@shared/account/subscription.js';
import { TIERS, type TierId } from '@shared/tiers.js';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { errorMessage } from '@/lib/api-client';
import { useAuth } from '@/lib/session';
import { downgradeSubscription } from '../api/downgrade-subscription';
import { useRefreshAccount } from '../hooks/use-refresh-account';
import { SETTINGS_TEXT } from '../texts';
import { downgradeMessage, downgradePrice, monitorAllowance, monitorImpactText } from '../utils/plans';

interface DowngradeOptionsProps {
  tier: TierId;
  /** The plans offered (utils/plans.ts `downgradeOffers`): none, or not the one already scheduled. */
  targets: readonly TierId[];
  packages: Packages | undefined;
  /** The user's monitors now; undefined while the limits load. */
  monitorsUsed: number | undefined;
  /** How the plan is paid now (null: no subscription behind it): the cards' prices are in its currency and period. */
  subscription: Pick<SubscriptionSummary, 'gateway' | 'billing_period'> | null | undefined;
  onDone: (message: string) => void;
}

type Target = Exclude<TierId, 'enterprise'>;

/** What a move to `target` does to the user's monitors: one sentence with the real number (utils/plans.ts `monitorImpactText`). */
function MonitorWarning({ target, used }: { target: TierId; used: number | undefined }) {
  return (
    <div className="mt-3 flex-1 space-y-1 text-sm text-amber-800">
      <p className="font-medium" data-testid="monitors-over-cap">
        {monitorImpactText(used, target)}
      </p>
      {target === 'free' && <p>Your data is kept for 30 days, and incidents older than 30 days are archived.</p>}
    </div>
  );
}

/**
 * The downgrade cards of Subscription Management (docs/product-rules.md "Downgrades and cancellation"): enterprise to business, pro or free;
 * business to pro or free; pro to free. Each asks for a confirmation, then is requested as not
 * immediate; the answer says whether it happened now or when it will.
 */
export function DowngradeOptions({ tier, targets, packages, monitorsUsed, subscription, onDone }: DowngradeOptionsProps) {
  const { user } = useAuth();
  const refreshAccount = useRefreshAccount();
  const [confirming, setConfirming] = useState<Target | null>(null);
  const [busy, setBusy] = useState<Target | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const nameOf = (id: TierId) => packages?.[id]?.name ?? TIERS[id].name;

  const downgrade = async (target: Target) => {
    setConfirming(null);
    setBusy(target);
    setFailure(null);
    try {
      const result = await downgradeSubscription(target);
      onDone(downgradeMessage(target, result, user?.timezone));
      await refreshAccount().catch(() => undefined);
    } catch (cause) {
      setFailure(errorMessage(cause, SETTINGS_TEXT.failedToProcessDowngrade));
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className="space-y-4">
      {failure && <Alert>{failure}</Alert>}
      <ul className="grid gap-4 sm:grid-cols-[repeat(auto-fit,minmax(12rem,1fr))]" aria-label="Plans you can downgrade to">
        {targets.map((target) => {
          const name = nameOf(target);
          return (
            <li key={target} className="flex flex-col rounded-xl p-4 ring-1 ring-slate-200 sm:p-5" aria-label={`Downgrade to ${name}`}>
              <h4 className="font-semibold text-slate-900">{name}</h4>
              <p className="mt-1 text-sm text-slate-600">
                {monitorAllowance(TIERS[target].monitorCap)} · <span data-testid="downgrade-price">{downgradePrice(target, subscription)}</span>
              </p>
              <MonitorWarning target={target} used={monitorsUsed} />
              <Button
                variant="secondary"
                className="mt-4 w-full"
                disabled={busy !== null}
                loading={busy === target}
                onClick={() => setConfirming(target as Target)}
              >
                Downgrade to {name}
              </Button>
            </li>
          );
        })}
      </ul>

      <Modal open={confirming !== null} title={`Downgrade to ${confirming ? nameOf(confirming) : ''}?`} onClose={() => setConfirming(null)}>
        {confirming && (
          <>
            <p className="text-sm text-slate-600">
              Your {nameOf(tier)} plan stays active until the end of the billing period; then your account moves to {nameOf(confirming)}.
            </p>
            <MonitorWarning target={confirming} used={monitorsUsed} />
            <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
              <Button variant="secondary" onClick={() => setConfirming(null)}>
                Keep {nameOf(tier)}
              </Button>
              <Button onClick={() => void downgrade(confirming)}>Downgrade to {nameOf(confirming)}</Button>
            </div>
          </>
        )}
      </Modal>
    </div>
  );
}
