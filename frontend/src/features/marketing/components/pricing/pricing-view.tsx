import { useState } from 'react';
import { PublicPageHeader, SectionHeading } from '@/components/layout/public-page-header';
import { Alert } from '@/components/ui/alert';
import { SegmentedControl } from '@/components/ui/segmented-control';
import { DEFAULT_PAYMENT_METHOD, PAYMENT_METHOD_OPTIONS, type PaymentMethod } from '@/lib/checkout';
import { usePlans } from '../../api/get-packages';
import { usePlanCheckout } from '../../hooks/use-plan-checkout';
import type { BillingPeriod } from '../../utils/pricing';
import { CallToAction } from '../call-to-action';
import { BillingToggle } from './billing-toggle';
import { PlanGrid } from './plan-card';
import { PricingFaq } from './pricing-faq';

/**
 * /pricing (docs/product-rules.md "Public pages and policies"): monthly/yearly toggle, the four plans, FAQ. A paid plan's button starts its
 * checkout (the period from the toggle; card by default, or UPI with its prices in INR).
 */
export function PricingView() {
  const [billing, setBilling] = useState<BillingPeriod>('monthly');
  const [method, setMethod] = useState<PaymentMethod>(DEFAULT_PAYMENT_METHOD);
  const { plans } = usePlans();
  const checkout = usePlanCheckout(billing, method);
  return (
    <>
      <PublicPageHeader
        eyebrow="Pricing"
        title="Simple pricing that grows with you"
        lead="Start free with one website. Move up when you monitor more sites or need faster checks."
      >
        <div className="mt-10 flex flex-col items-center gap-4">
          <BillingToggle value={billing} onChange={setBilling} />
          <div className="flex flex-wrap items-center justify-center gap-2 text-sm text-slate-600">
            <span>Pay by</span>
            <SegmentedControl label="Payment method" options={PAYMENT_METHOD_OPTIONS} value={method} onChange={setMethod} />
          </div>
        </div>
      </PublicPageHeader>

      <section aria-labelledby="plans-heading" className="bg-white pb-16">
        <div className="mx-auto max-w-6xl px-4 pt-10 sm:px-6">
          <h2 id="plans-heading" className="sr-only">
            Plans
          </h2>
          {checkout.notice && (
            <div className="mx-auto mb-6 max-w-2xl">
              <Alert>{checkout.notice.text}</Alert>
            </div>
          )}
          <PlanGrid plans={plans} billing={billing} method={method} checkout={checkout} />
          <p className="mx-auto mt-8 max-w-2xl text-center text-sm text-slate-500">
            Every account starts on Free; upgrade here or from Settings → Subscription at any time. Card prices are in US dollars, UPI prices in Indian rupees.
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
