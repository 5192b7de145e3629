import { TIER_IDS, type TierId } from '@shared/tiers.js';
import { Button, ButtonLink } from '@/components/ui/button';
import { CheckCircleIcon } from '@/components/ui/icons';
import type { PaidTierId, PaymentMethod } from '@/lib/checkout';
import { PAYMENT_TEXT } from '@/lib/payment-texts';
import { useAuth } from '@/lib/session';
import { formatPrice } from '@/utils/money';
import type { PlanCheckout } from '../../hooks/use-plan-checkout';
import { monthlyPriceFor, planPrice, type BillingPeriod, type Plan } from '../../utils/pricing';
import { paths } from '@/config/paths';

const AUDIENCE: Record<TierId, string> = {
  free: 'For trying Upwatch on one website.',
  pro: 'For freelancers and growing sites.',
  business: 'For companies with many websites.',
  enterprise: 'For large fleets and agencies.',
};

/** Pro is the plan most visitors compare against, so it stands out. */
const FEATURED: TierId = 'pro';

const SUBSCRIPTION_SETTINGS = paths.app.subscription;

/**
 * A plan's button. Free: sign up (or, signed in, the dashboard). A paid plan: for a visitor, sign up
 * and then on to its checkout; for a signed-in user, its checkout now when it is above their plan,
 * else their subscription settings (where downgrades live).
 */
function PlanAction({ plan, checkout, featured }: { plan: Plan; checkout: PlanCheckout; featured: boolean }) {
  const { status, user } = useAuth();
  const variant = featured ? 'primary' : 'secondary';
  const className = 'mt-6 w-full';
  if (status !== 'signed-in' || !user) {
    if (plan.id === 'free') return <ButtonLink to={paths.register} variant={variant} className={className}>Start Free</ButtonLink>;
    return (
      <Button variant={variant} className={className} onClick={() => checkout.choose(plan.id as PaidTierId)}>
        Choose {plan.name}
      </Button>
    );
  }
  const rank = TIER_IDS.indexOf(plan.id) - TIER_IDS.indexOf(user.subscription_tier);
  if (rank > 0) {
    const busy = checkout.busy === plan.id;
    return (
      <Button variant={variant} className={className} disabled={checkout.busy !== null} loading={busy} onClick={() => checkout.choose(plan.id as PaidTierId)}>
        {busy ? PAYMENT_TEXT.processing : `Upgrade to ${plan.name}`}
      </Button>
    );
  }
  if (plan.id === 'free' && user.subscription_tier === 'free') {
    return <ButtonLink to={paths.app.dashboard} variant={variant} className={className}>Go to Dashboard</ButtonLink>;
  }
  return (
    <ButtonLink to={SUBSCRIPTION_SETTINGS} variant={variant} className={className}>
      {rank === 0 ? 'Your current plan' : 'Manage plan'}
    </ButtonLink>
  );
}

interface PlanCardProps {
  plan: Plan;
  billing: BillingPeriod;
  method: PaymentMethod;
  checkout: PlanCheckout;
  featureLimit?: number;
}

export function PlanCard({ plan, billing, method, checkout, featureLimit }: PlanCardProps) {
  const currency = method === 'upi' ? 'inr' : 'usd';
  const price = planPrice(monthlyPriceFor(plan, method), billing);
  const featured = plan.id === FEATURED;
  const features = featureLimit === undefined ? plan.features : plan.features.slice(0, featureLimit);
  const headingId = `plan-${plan.id}`;
  const amount = formatPrice(price.amount, currency);
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
        {/* A yearly Enterprise price in rupees ("₹3,16,790") needs a smaller size to fit the card. */}
        <span className={`${amount.length > 7 ? 'text-3xl' : 'text-4xl'} font-bold tracking-tight text-slate-900`} data-testid={`price-${plan.id}`}>
          {amount}
        </span>
        <span className="text-sm font-medium text-slate-500">/{price.period}</span>
      </p>
      <p className="mt-1 h-5 text-sm">
        {price.yearlySaving > 0 ? (
          <span className="font-medium text-emerald-700">Save {formatPrice(price.yearlySaving, currency)} a year</span>
        ) : plan.price_usd === 0 ? (
          <span className="text-slate-500">No card needed</span>
        ) : (
          <span className="text-slate-500">Billed monthly</span>
        )}
      </p>
      <PlanAction plan={plan} checkout={checkout} featured={featured} />
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

interface PlanGridProps {
  plans: Plan[] | null;
  billing: BillingPeriod;
  method: PaymentMethod;
  checkout: PlanCheckout;
  featureLimit?: number;
}

/** The four cards, or their outlines while the prices load. */
export function PlanGrid({ plans, billing, method, checkout, featureLimit }: PlanGridProps) {
  return (
    <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4" aria-busy={plans === null || undefined}>
      {plans
        ? plans.map((plan) => (
            <PlanCard key={plan.id} plan={plan} billing={billing} method={method} checkout={checkout} {...(featureLimit ? { featureLimit } : {})} />
          ))
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
