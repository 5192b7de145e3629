import type { Packages } from '../../../../../shared/account/subscription.js';
import type { TierId } from '../../../../../shared/tiers.js';
import { useSubscriptionLimits } from '../../../lib/subscription';
import { CancelSubscription } from './cancel-subscription';
import { DowngradeOptions } from './downgrade-options';
import { SettingsCard } from './settings-card';

/**
 * Subscription Management (spec §2, paid tiers only): downgrade cards with the consequences spec §4
 * and §9 state (and the user's own monitors beyond the new cap), and Cancel Subscription. Results
 * go to the section's banner (`onDone`).
 */
export function SubscriptionManagement({ tier, packages, onDone }: { tier: TierId; packages: Packages | undefined; onDone: (message: string) => void }) {
  const { data: limits } = useSubscriptionLimits();
  return (
    <SettingsCard title="Subscription Management" description="Move to a smaller plan, or cancel your subscription.">
      <div className="space-y-6">
        <DowngradeOptions tier={tier} packages={packages} monitorsUsed={limits?.usage.monitors} onDone={onDone} />
        {/* Once a cancellation is scheduled, the Current Plan card says when; there is nothing to cancel twice. */}
        {!limits?.subscription?.cancel_at_period_end && <CancelSubscription tier={tier} onDone={onDone} />}
      </div>
    </SettingsCard>
  );
}
