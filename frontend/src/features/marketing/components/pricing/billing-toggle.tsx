import { SegmentedControl } from '@/components/ui/segmented-control';
import { YEARLY_DISCOUNT_PERCENT, type BillingPeriod } from '../../utils/pricing';

const OPTIONS: { value: BillingPeriod; label: string }[] = [
  { value: 'monthly', label: 'Monthly' },
  { value: 'yearly', label: 'Yearly' },
];

/** Monthly / yearly switch (the pricing page, docs/product-rules.md "Public pages and policies"), two pressed-state buttons with the Save 20% badge. */
export function BillingToggle({ value, onChange }: { value: BillingPeriod; onChange: (value: BillingPeriod) => void }) {
  return (
    <div className="flex flex-wrap items-center justify-center gap-3">
      <SegmentedControl label="Billing period" size="lg" options={OPTIONS} value={value} onChange={onChange} />
      <span className="rounded-full bg-emerald-50 px-3 py-1 text-xs font-semibold text-emerald-700 ring-1 ring-emerald-600/20 ring-inset">
        Save {YEARLY_DISCOUNT_PERCENT}%
      </span>
    </div>
  );
}
