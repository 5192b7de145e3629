import type { TierId } from '../../../../../../shared/tiers.js';
import { ButtonLink } from '../../../../components/ui/button';
import { CheckCircleIcon } from '../../../../components/ui/icons';
import { useAuth } from '../../../../lib/session';
import { formatUsd, planPrice, type BillingPeriod, type Plan } from '../../utils/pricing';

const AUDIENCE: Record<TierId, string> = {
  free: 'For trying Upwatch on one website.',
  pro: 'For freelancers and growing sites.',
  business: 'For companies with many websites.',
  enterprise: 'For large fleets and agencies.',
};

/** Pro is the plan most visitors compare against, so it stands out. */
const FEATURED: TierId = 'pro';

/**
 * Where a plan's button leads. Every account starts on Free and upgrades from Settings, so a
 * visitor registers first; a signed-in user goes straight to the subscription settings.
 */
const useCallToAction = (plan: Plan): { to: string; label: string } => {
  const { status } = useAuth();
  if (status === 'signed-in') {
    return plan.id === 'free'
      ? { to: '/app/dashboard', label: 'Go to Dashboard' }
      : { to: '/app/settings?section=subscription', label: `Upgrade to ${plan.name}` };
  }
  return { to: '/register', label: plan.id === 'free' ? 'Start Free' : `Choose ${plan.name}` };
};

export function PlanCard({ plan, billing, featureLimit }: { plan: Plan; billing: BillingPeriod; featureLimit?: number }) {
  const price = planPrice(plan.price_usd, billing);
  const cta = useCallToAction(plan);
  const featured = plan.id === FEATURED;
  const features = featureLimit === undefined ? plan.features : plan.features.slice(0, featureLimit);
  const headingId = `plan-${plan.id}`;
  return (
    <article
      aria-labelledby={headingId}
      className={`relative flex flex-col rounded-2xl bg-white p-6 shadow-sm ring-1 ${featured ? 'ring-2 ring-indigo-600' : 'ring-slate-200'}`}
    >
      <h3 id={headingId} className={`text-lg font-semibold ${featured ? 'text-indigo-700' : 'text-slate-900'}`}>
        {plan.name}
      </h3>
      {/* Two lines reserved, so the prices of all four cards line up. */}
      <p className="mt-1 text-sm text-slate-500 sm:min-h-10">{AUDIENCE[plan.id]}</p>
      <p className="mt-5 flex items-baseline gap-1">
        <span className="text-4xl font-bold tracking-tight text-slate-900" data-testid={`price-${plan.id}`}>
          {formatUsd(price.amount)}
        </span>
        <span className="text-sm font-medium text-slate-500">/{price.period}</span>
      </p>
      <p className="mt-1 h-5 text-sm">
        {price.yearlySaving > 0 ? (
          <span className="font-medium text-emerald-700">Save {formatUsd(price.yearlySaving)} a year</span>
        ) : plan.price_usd === 0 ? (
          <span className="text-slate-500">No card needed</span>
        ) : (
          <span className="text-slate-500">Billed monthly</span>
        )}
      </p>
      <ButtonLink to={cta.to} variant={featured ? 'primary' : 'secondary'} className="mt-6 w-full">
        {cta.label}
      </ButtonLink>
      <ul className="mt-6 flex-1 space-y-2.5 text-sm text-slate-600">
        {features.map((feature) => (
          <li key={feature} className="flex gap-2.5">
            <CheckCircleIcon className="size-5 shrink-0 text-indigo-500" />
            {feature}
          </li>
        ))}
      </ul>
    </article>
  );
}

/** The four cards, or their outlines while the prices load. */
export function PlanGrid({ plans, billing, featureLimit }: { plans: Plan[] | null; billing: BillingPeriod; featureLimit?: number }) {
  return (
    <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4" aria-busy={plans === null || undefined}>
      {plans
        ? plans.map((plan) => <PlanCard key={plan.id} plan={plan} billing={billing} {...(featureLimit ? { featureLimit } : {})} />)
        : Array.from({ length: 4 }, (_, index) => (
            <div key={index} className="h-96 animate-pulse rounded-2xl bg-white ring-1 ring-slate-200" aria-hidden="true">
              <div className="m-6 h-5 w-24 rounded bg-slate-200" />
              <div className="mx-6 mt-8 h-9 w-28 rounded bg-slate-200" />
              <div className="mx-6 mt-8 h-9 rounded-lg bg-slate-100" />
            </div>
          ))}
    </div>
  );
}
