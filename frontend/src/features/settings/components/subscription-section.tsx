import { useSearchParams } from 'react-router-dom';
import { Alert } from '../../../components/ui/alert';
import { useAuth } from '../../../lib/session';
import { usePackages } from '../../../lib/subscription';
import { SETTINGS_TEXT } from '../texts';
import { isPaidTier } from '../utils/plans';
import { CurrentPlanCard } from './current-plan-card';
import { SectionHeader } from './settings-card';
import { SubscriptionManagement } from './subscription-management';
import { UpgradeOffers } from './upgrade-offers';

/**
 * Subscription (spec §2), the read side: the current plan and its limits, the upgrade offers and,
 * on a paid plan, downgrades and cancellation. Paying, downgrading and cancelling need the billing
 * API (checkout, downgrade, cancel), which does not exist yet: those buttons are shown disabled
 * with a note rather than pretending to work.
 */
export function SubscriptionSection() {
  const { user } = useAuth();
  const [params] = useSearchParams();
  const { data: packages } = usePackages();
  if (!user) return null;
  const tier = user.subscription_tier;
  return (
    <>
      <SectionHeader title="Subscription" description="Your plan, how much of it you use, and the plans you can move to." />
      {params.has('upgraded') && <Alert tone="success">{SETTINGS_TEXT.subscriptionUpgraded}</Alert>}
      <CurrentPlanCard tier={tier} packages={packages} endsAt={user.subscription_ends_at} />
      <UpgradeOffers tier={tier} packages={packages} />
      {isPaidTier(tier) && <SubscriptionManagement tier={tier} packages={packages} />}
    </>
  );
}
