import { Link } from 'react-router-dom';
import type { SubscriptionLimits } from '../../../../../shared/account/subscription.js';
import { buttonClass } from '../../../components/ui/button';
import { AlertIcon } from '../../../components/ui/icons';
import { LIMIT_BANNER_TITLE, limitLevel, usageText } from '../utils/plan';

export const UPGRADE_PATH = '/app/settings?section=subscription';

const TONES = {
  reached: { box: 'border-red-200 bg-red-50', icon: 'bg-red-100 text-red-600', title: 'text-red-900', text: 'text-red-800' },
  approaching: { box: 'border-amber-200 bg-amber-50', icon: 'bg-amber-100 text-amber-700', title: 'text-amber-900', text: 'text-amber-800' },
} as const;

/** Spec §2/§9: the subscription-limit banner, at the cap or at 80 % of it; nothing below that. */
export function LimitBanner({ limits }: { limits: SubscriptionLimits | undefined }) {
  const level = limitLevel(limits);
  if (!level || !limits) return null;
  const tone = TONES[level];
  const advice =
    level === 'reached' ? 'Upgrade your plan to add more monitors.' : 'Upgrade your plan before you run out of room for new monitors.';
  return (
    <section
      aria-labelledby="limit-banner-title"
      className={`flex flex-col gap-3 rounded-xl border p-4 sm:flex-row sm:items-center sm:justify-between ${tone.box}`}
      data-testid="limit-banner"
    >
      <div className="flex gap-3">
        <span className={`flex size-9 shrink-0 items-center justify-center rounded-lg ${tone.icon}`}>
          <AlertIcon className="size-5" />
        </span>
        <div>
          <h2 id="limit-banner-title" className={`text-sm font-semibold ${tone.title}`}>
            {LIMIT_BANNER_TITLE[level]}
          </h2>
          <p className={`mt-0.5 text-sm ${tone.text}`}>
            {usageText(limits)} {advice}
          </p>
        </div>
      </div>
      <Link to={UPGRADE_PATH} className={buttonClass('secondary', 'sm', 'shrink-0 self-start sm:self-auto')}>
        View plans
      </Link>
    </section>
  );
}
