import { useState } from 'react';
import { useSWRConfig } from 'swr';
import type { Packages, SubscriptionSummary } from '@shared/account/subscription.js';
import { TIERS, type TierId } from '@shared/tiers.js';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import { getMe, ME_KEY } from '@/lib/session';
import { getSubscriptionLimits, useSubscriptionLimits } from '@/lib/subscription';
import { formatDate } from '@/utils/time';
import { SETTINGS_TEXT } from '../texts';
import { limitState, monitorAllowance, scheduledTier } from '../utils/plans';
import { LoadingLines, SettingsCard } from './settings-card';

interface CurrentPlanCardProps {
  tier: TierId;
  packages: Packages | undefined;
  endsAt: string | null;
}

const METER = { ok: 'bg-indigo-600', approaching: 'bg-amber-500', reached: 'bg-red-500' } as const;

/** Current Plan (docs/product-rules.md "Settings"): tier, monitor allowance, price per month, usage, and Refresh Status. */
export function CurrentPlanCard({ tier, packages, endsAt }: CurrentPlanCardProps) {
  const { mutate } = useSWRConfig();
  const { data: limits, error, mutate: reloadLimits } = useSubscriptionLimits();
  const [refreshing, setRefreshing] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const plan = packages?.[tier];
  const name = plan?.name ?? TIERS[tier].name;
  const subscription = limits?.subscription ?? null;
  // A plan paid by UPI is priced in rupees, as it was bought (docs/billing.md).
  const price =
    subscription?.gateway === 'razorpay'
      ? `₹${(plan?.price_inr ?? TIERS[tier].priceInr).toLocaleString('en-IN')}`
      : `$${plan?.price_usd ?? TIERS[tier].priceUsd}`;
  const scheduled = scheduledChange(subscription, endsAt);

  // Reloads the user (its tier) and the limits, e.g. after paying in another tab. Fetched here rather
  // than through SWR's revalidation, which does not report a failure to its caller.
  const refresh = async () => {
    setRefreshing(true);
    setFailure(null);
    try {
      const [user, fresh] = await Promise.all([getMe(), getSubscriptionLimits()]);
      await Promise.all([mutate(ME_KEY, user, { revalidate: false }), reloadLimits(fresh, { revalidate: false })]);
    } catch (cause) {
      setFailure(errorMessage(cause, 'Your plan could not be refreshed. Please try again.'));
    } finally {
      setRefreshing(false);
    }
  };

  return (
    <SettingsCard
      title="Current Plan"
      actions={
        <Button variant="secondary" size="sm" onClick={() => void refresh()} disabled={refreshing} loading={refreshing}>
          {refreshing ? SETTINGS_TEXT.refreshing : 'Refresh Status'}
        </Button>
      }
    >
      <div className="space-y-5">
        {failure && <Alert>{failure}</Alert>}
        <div className="flex flex-wrap items-end justify-between gap-4">
          <div>
            <p className="flex items-center gap-2 text-2xl font-semibold tracking-tight text-slate-900" data-testid="current-plan">
              {name}
              <Badge tone="indigo">Current</Badge>
            </p>
            <p className="mt-1 text-sm text-slate-600">
              {monitorAllowance(limits?.limits.monitors ?? plan?.monitor_limit ?? TIERS[tier].monitorCap)}
              {endsAt && <> · Current period ends {formatDate(endsAt)}</>}
            </p>
            {scheduled && (
              <p className="mt-1 text-sm font-medium text-amber-700" data-testid="scheduled-change">
                {scheduled}
              </p>
            )}
          </div>
          <p>
            <span className="text-2xl font-semibold tracking-tight text-slate-900">{price}</span>
            <span className="text-sm text-slate-500">/month</span>
          </p>
        </div>
        {error && !limits ? (
          <Alert>{errorMessage(error, 'Your monitor usage could not be loaded.')}</Alert>
        ) : !limits ? (
          <LoadingLines label="Loading your limits…" lines={2} />
        ) : (
          <UsageMeter used={limits.usage.monitors} cap={limits.limits.monitors} state={limitState(limits)} />
        )}
      </div>
    </SettingsCard>
  );
}

/** What the end of the period brings, when something is scheduled: a cancellation or a downgrade. */
const scheduledChange = (subscription: SubscriptionSummary | null, endsAt: string | null): string | null => {
  const tier = scheduledTier(subscription);
  if (!tier) return null;
  const when = subscription?.current_period_end ?? endsAt;
  const on = when ? ` on ${formatDate(when)}` : ' at the end of the period';
  if (tier === 'free') return `Cancelled: moves to the Free plan${on}.`;
  return `Downgrade scheduled: moves to the ${TIERS[tier].name} plan${on}.`;
};

function UsageMeter({ used, cap, state }: { used: number; cap: number; state: keyof typeof METER }) {
  const percent = cap > 0 ? Math.min(100, Math.round((used / cap) * 100)) : 0;
  return (
    <div>
      <div className="flex flex-wrap items-baseline justify-between gap-2 text-sm">
        <span className="font-medium text-slate-700">Monitors used</span>
        <span className="text-slate-600 tabular-nums">
          {used} of {cap}
        </span>
      </div>
      <div
        className="mt-2 h-2 overflow-hidden rounded-full bg-slate-100"
        role="progressbar"
        aria-label="Monitors used"
        aria-valuemin={0}
        aria-valuemax={cap}
        aria-valuenow={used}
      >
        <div className={`h-full rounded-full ${METER[state]}`} style={{ width: `${percent}%` }} />
      </div>
      {state !== 'ok' && (
        <p className={`mt-2 text-sm font-medium ${state === 'reached' ? 'text-red-700' : 'text-amber-700'}`}>
          {state === 'reached' ? SETTINGS_TEXT.monitorLimitReached : SETTINGS_TEXT.approachingMonitorLimit}
        </p>
      )}
    </div>
  );
}
