import { Link } from 'react-router-dom';
import { countOf } from '@shared/texts.js';
import { TIER_IDS, TIERS, type TierId } from '@shared/tiers.js';
import { buttonClass } from '@/components/ui/button';
import { AlertIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { STATUS_PAGE_TEXT } from '../texts';

/** The cheapest plan that allows more pages than `tier`, or null on the biggest. */
const nextPlanFor = (tier: TierId) => {
  const id = TIER_IDS.find((candidate) => TIERS[candidate].statusPageCap > TIERS[tier].statusPageCap);
  return id ? TIERS[id] : null;
};

/**
 * At the plan's page cap, in place of Create status page (docs/status-pages.md "Plans"): the
 * monitors page's at-limit banner, saying what the plan allows and what the next one does, with
 * the way to upgrade; on the biggest plan, the way to ask for more.
 */
export function PageLimitPrompt({ tier }: { tier: TierId }) {
  const plan = TIERS[tier];
  const next = nextPlanFor(tier);
  return (
    <section
      aria-labelledby="status-page-limit-title"
      className="flex flex-col gap-3 rounded-xl border border-indigo-200 bg-indigo-50 p-4 sm:flex-row sm:items-center sm:justify-between"
      data-testid="status-page-limit"
    >
      <div className="flex gap-3">
        <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-indigo-100 text-indigo-600">
          <AlertIcon className="size-5" />
        </span>
        <div>
          <h2 id="status-page-limit-title" className="text-sm font-semibold text-indigo-900">
            {STATUS_PAGE_TEXT.limitTitle}
          </h2>
          <p className="mt-0.5 text-sm text-indigo-800">
            {next
              ? `Your ${plan.name} plan allows ${countOf(plan.statusPageCap, 'status page')}. The ${next.name} plan allows ${next.statusPageCap}: upgrade to add more.`
              : `Your ${plan.name} plan allows ${countOf(plan.statusPageCap, 'status page')}, the most we offer. Contact us if you need more.`}
          </p>
        </div>
      </div>
      {next ? (
        <Link to={paths.app.subscription} className={buttonClass('primary', 'sm', 'shrink-0 self-start sm:self-auto')}>
          {STATUS_PAGE_TEXT.upgradeYourPlan}
        </Link>
      ) : (
        <Link to={paths.contact} className={buttonClass('secondary', 'sm', 'shrink-0 self-start sm:self-auto')}>
          Contact us
        </Link>
      )}
    </section>
  );
}
