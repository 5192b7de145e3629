import { Link } from 'react-router-dom';
import type { SubscriptionLimits } from '@shared/account/subscription.js';
import { buttonClass } from '@/components/ui/button';
import { AlertIcon } from '@/components/ui/icons';
import { isOverLimit, LIMIT_BANNER_TITLE, limitLevel, usageText } from '../utils/plan';
import { paths } from '@/config/paths';

export const UPGRADE_PATH = paths.app.subscription;

// Using every monitor the plan allows is not an error: at or near the cap the banner informs (indigo).
// Only more monitors than the plan allows (kept from a bigger plan) asks for attention (amber).
const TONES = {
  info: { box: 'border-indigo-200 bg-indigo-50', icon: 'bg-indigo-100 text-indigo-600', title: 'text-indigo-900', text: 'text-indigo-800' },
  over: { box: 'border-amber-200 bg-amber-50', icon: 'bg-amber-100 text-amber-700', title: 'text-amber-900', text: 'text-amber-800' },
} as const;

/** docs/product-rules.md "Tiers and caps": the subscription-limit banner, at the cap or at 80 % of it; nothing below that. */
export function LimitBanner({ limits }: { limits: SubscriptionLimits | undefined }) {
  const level = limitLevel(limits);
  if (!level || !limits) return null;
  const tone = TONES[isOverLimit(limits) ? 'over' : 'info'];
  const advice =
    level === 'reached' ? 'Upgrade your plan to add more monitors.' : 'Upgrade your plan before you run out of room for new monitors.';
  return (
    <section
      aria-labelledby="limit-banner-title"
      className={`flex flex-col gap-3 rounded-xl border p-4 sm:flex-row sm:items-center sm:justify-between ${tone.box}`}
      data-testid="limit-banner"
      data-tone={isOverLimit(limits) ? 'over' : 'info'}
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
