import { useState } from 'react';
import { PublicPageHeader, SectionHeading } from '../../../../components/layout/public-page-header';
import { usePlans } from '../../api/get-packages';
import type { BillingPeriod } from '../../utils/pricing';
import { CallToAction } from '../call-to-action';
import { BillingToggle } from './billing-toggle';
import { PlanGrid } from './plan-card';
import { PricingFaq } from './pricing-faq';

/** /pricing (spec §2): monthly/yearly toggle, the four plans, FAQ. */
export function PricingView() {
  const [billing, setBilling] = useState<BillingPeriod>('monthly');
  const { plans } = usePlans();
  return (
    <>
      <PublicPageHeader
        eyebrow="Pricing"
        title="Simple pricing that grows with you"
        lead="Start free with one website. Move up when you monitor more sites or need faster checks."
      >
        <div className="mt-10">
          <BillingToggle value={billing} onChange={setBilling} />
        </div>
      </PublicPageHeader>

      <section aria-labelledby="plans-heading" className="bg-white pb-16">
        <div className="mx-auto max-w-6xl px-4 pt-10 sm:px-6">
          <h2 id="plans-heading" className="sr-only">
            Plans
          </h2>
          <PlanGrid plans={plans} billing={billing} />
          <p className="mx-auto mt-8 max-w-2xl text-center text-sm text-slate-500">
            Every account starts on Free; upgrade from Settings → Subscription at any time. Pay by card or UPI.
          </p>
        </div>
      </section>

      <section aria-labelledby="pricing-faq" className="bg-slate-50 py-20">
        <div className="mx-auto max-w-3xl px-4 sm:px-6">
          <SectionHeading id="pricing-faq" title="Frequently asked questions" />
          <div className="mt-10">
            <PricingFaq />
          </div>
        </div>
      </section>

      <CallToAction />
    </>
  );
}
