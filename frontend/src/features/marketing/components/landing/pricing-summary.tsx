import { Link } from 'react-router-dom';
import { SectionHeading } from '@/components/layout/public-page-header';
import { ArrowRightIcon } from '@/components/ui/icons';
import { Alert } from '@/components/ui/alert';
import { usePlans } from '../../api/get-packages';
import { usePlanCheckout } from '../../hooks/use-plan-checkout';
import { PlanGrid } from '../pricing/plan-card';
import { paths } from '@/config/paths';

/** The landing page's pricing summary: monthly prices and each plan's first features. */
export function PricingSummary() {
  const { plans } = usePlans();
  const checkout = usePlanCheckout('monthly', 'card');
  return (
    <section aria-labelledby="pricing-summary-heading" className="bg-slate-50 py-20 sm:py-24">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading
          id="pricing-summary-heading"
          title="Simple pricing"
          lead="Plans differ by how many websites you monitor and how often we check them."
        />
        <div className="mt-12">
          {checkout.notice && (
            <div className="mx-auto mb-6 max-w-2xl">
              <Alert>{checkout.notice.text}</Alert>
            </div>
          )}
          <PlanGrid plans={plans} billing="monthly" method="card" checkout={checkout} featureLimit={4} />
        </div>
        <p className="mt-10 text-center">
          <Link to={paths.pricing} className="inline-flex items-center gap-1.5 font-semibold text-indigo-600 hover:text-indigo-500">
            Compare all plans and yearly prices
            <ArrowRightIcon className="size-4" />
          </Link>
        </p>
      </div>
    </section>
  );
}
