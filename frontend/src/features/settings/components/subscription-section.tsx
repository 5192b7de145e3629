import { useEffect } from 'react';
import { TIER_IDS, TIERS } from '@shared/tiers.js';
import { Alert } from '@/components/ui/alert';
import { CloseIcon } from '@/components/ui/icons';
import { takeCheckoutIntent } from '@/lib/checkout-intent';
import { PAYMENT_TEXT } from '@/lib/payment-texts';
import { useAuth } from '@/lib/session';
import { usePackages, useSubscriptionLimits } from '@/lib/subscription';
import { useCheckout } from '@/lib/use-checkout';
import { useMayCall, useWorkspace, useWorkspaceTier } from '@/lib/workspace';
import { usePaymentReturn } from '../hooks/use-payment-return';
import { useTimedMessage } from '../hooks/use-timed-message';
import { DOWNGRADE_BANNER_MS } from '../texts';
import { isPaidTier } from '../utils/plans';
import { switchNotice } from '../utils/switch-notice';
import { AccountManagerCard } from './account-manager-card';
import { CurrentPlanCard } from './current-plan-card';
import { PaymentHistory } from './payment-history';
import { PaymentMethodCard } from './payment-method-card';
import { SectionHeader } from './settings-card';
import { SubscriptionManagement } from './subscription-management';
import { UpgradeOffers } from './upgrade-offers';

/**
 * Subscription (docs/product-rules.md "Settings", "Payment verification"): the banners of a checkout's return (verifying, error, upgraded) and of
 * a downgrade or cancellation (dismissible, 10 s), the current plan, the upgrade offers (card or
 * UPI checkout), Subscription Management on a paid plan, and the user's payments.
 */
export function SubscriptionSection() {
  // Billing is the owner's (docs/teams.md "Roles"): anyone else sees the workspace's plan and this line.
  const mayChangePlan = useMayCall('createCheckoutSession');
  return mayChangePlan ? <OwnerSubscription /> : <PlanForNonOwner />;
}

/** What a member who is not an owner sees: the workspace's plan and usage, and who may change it. */
function PlanForNonOwner() {
  const { data: packages } = usePackages();
  const tier = useWorkspaceTier();
  return (
    <>
      <SectionHeader title="Subscription" description="Your plan, how much of it you use, and the plans you can move to." />
      <Alert tone="info">Only an owner can change the plan.</Alert>
      <CurrentPlanCard tier={tier} packages={packages} endsAt={null} />
      <AccountManagerCard />
    </>
  );
}

function OwnerSubscription() {
  const { user } = useAuth();
  const { currentId } = useWorkspace();
  const workspaceTier = useWorkspaceTier();
  const { data: packages } = usePackages();
  const { data: limits } = useSubscriptionLimits();
  const payment = usePaymentReturn();
  const checkout = useCheckout();
  const [banner, showBanner] = useTimedMessage(DOWNGRADE_BANNER_MS);
  const { start } = checkout;
  // The plan of the workspace on screen; its period end is on the founding account's profile, which is the person's own only in their own workspace.
  const own = !currentId || currentId === user?.id;
  const tier = user ? workspaceTier : undefined;

  // A plan chosen on the pricing page before signing up (lib/checkout-intent.ts): its checkout
  // starts as soon as the signed-in user arrives here, unless they already have that plan or more.
  useEffect(() => {
    if (!tier) return;
    const intent = takeCheckoutIntent();
    if (intent && TIER_IDS.indexOf(intent.tier) > TIER_IDS.indexOf(tier)) void start(intent);
  }, [tier, start]);

  if (!user || !tier) return null;
  const verifying = payment.kind === 'verifying';
  // A checkout paid while a subscription is live replaces it (docs/billing.md "Switching the way of paying").
  const live = limits?.subscription && limits.subscription.status !== 'incomplete' ? limits.subscription : null;
  const error = payment.kind === 'failed' ? { tone: 'error' as const, text: payment.message } : checkout.notice;
  return (
    <>
      <SectionHeader title="Subscription" description="Your plan, how much of it you use, and the plans you can move to." />
      {verifying && <Alert tone="info">{PAYMENT_TEXT.verifying}</Alert>}
      {error && <Alert tone={error.tone === 'info' ? 'error' : error.tone}>{error.text}</Alert>}
      {payment.kind === 'upgraded' && <Alert tone="success">{PAYMENT_TEXT.upgraded}</Alert>}
      {banner && (
        <div className="flex items-start justify-between gap-3 rounded-lg border border-emerald-200 bg-emerald-50 px-4 py-3 text-sm text-emerald-800" role="status">
          <p>{banner.text}</p>
          <button type="button" className="rounded p-0.5 text-emerald-700 hover:bg-emerald-100" onClick={() => showBanner(null)} aria-label="Dismiss">
            <CloseIcon className="size-4" />
          </button>
        </div>
      )}
      <CurrentPlanCard tier={tier} packages={packages} endsAt={own ? user.subscription_ends_at : null} />
      <AccountManagerCard />
      <UpgradeOffers
        tier={tier}
        packages={packages}
        busy={checkout.busy}
        verifying={verifying}
        currentGateway={limits?.subscription?.gateway}
        onUpgrade={(choice) => void start(choice)}
        switchNotice={live && isPaidTier(tier) ? switchNotice(TIERS[tier].name, live) : null}
      />
      {limits?.subscription && <PaymentMethodCard subscription={limits.subscription} />}
      {isPaidTier(tier) && <SubscriptionManagement tier={tier} packages={packages} onDone={(text) => showBanner({ tone: 'success', text })} />}
      <PaymentHistory />
    </>
  );
}
