import type { Packages } from '@shared/account/subscription.js';
import { TIERS, type TierId } from '@shared/tiers.js';
import { useAuth } from '@/lib/session';
import { useSubscriptionLimits } from '@/lib/subscription';
import { downgradeOffers, scheduledChangeText, scheduledTier } from '../utils/plans';
import { CancelSubscription } from './cancel-subscription';
import { DowngradeOptions } from './downgrade-options';
import { ResumeSubscription } from './resume-subscription';
import { SettingsCard } from './settings-card';

/**
 * Subscription Management (docs/product-rules.md "Downgrades and cancellation", paid tiers only): downgrade cards with the consequences that section
 * states (and the user's own monitors beyond the new cap), and Cancel Subscription. Results
 * go to the section's banner (`onDone`). Once a downgrade or cancellation is scheduled (the limits'
 * `subscription`), it says so and offers neither that downgrade again nor, cancelled, any other.
 */
export function SubscriptionManagement({ tier, packages, onDone }: { tier: TierId; packages: Packages | undefined; onDone: (message: string) => void }) {
  const { data: limits } = useSubscriptionLimits();
  const { user } = useAuth();
  const subscription = limits?.subscription ?? null;
  const scheduled = scheduledTier(subscription);
  const offers = downgradeOffers(tier, scheduled);
  return (
    <SettingsCard title="Subscription Management" description="Move to a smaller plan, or cancel your subscription.">
      <div className="space-y-6">
        {/* A change already scheduled is said here, and its card is not offered a second time. */}
        {scheduled && (
          <div className="flex flex-col gap-3 rounded-lg bg-amber-50 px-4 py-3 ring-1 ring-amber-200 sm:flex-row sm:items-center sm:justify-between">
            <p className="text-sm text-amber-800" role="status" data-testid="scheduled-downgrade">
              {scheduledChangeText(scheduled, subscription?.current_period_end ?? user?.subscription_ends_at ?? null, user?.timezone)} Your{' '}
              {packages?.[tier]?.name ?? TIERS[tier].name} plan stays active until then.
            </p>
            {/* docs/billing.md "Resume and undo": taken back until the period ends. */}
            <div className="shrink-0">
              <ResumeSubscription tier={tier} scheduled={scheduled} resumable={subscription?.resumable ?? false} onDone={onDone} />
            </div>
          </div>
        )}
        {offers.length > 0 && <DowngradeOptions tier={tier} targets={offers} packages={packages} monitorsUsed={limits?.usage.monitors} subscription={subscription} onDone={onDone} />}
        {/* Once a cancellation is scheduled, the Current Plan card says when; there is nothing to cancel twice. */}
        {!limits?.subscription?.cancel_at_period_end && <CancelSubscription tier={tier} monitorsUsed={limits?.usage.monitors} onDone={onDone} />}
      </div>
    </SettingsCard>
  );
}
