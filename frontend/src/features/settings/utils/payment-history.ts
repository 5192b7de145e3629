import type { BadgeTone } from '@/components/ui/badge';
import { PAYMENT_STATUS_LABELS } from '@shared/billing/payments.js';

/** A payment record's status (docs/product-rules.md "Settings") as the history table shows it. */
const STATUS: Record<string, { label: string; tone: BadgeTone }> = {
  completed: { label: 'Completed', tone: 'emerald' },
  pending: { label: 'Pending', tone: 'amber' },
  processing: { label: 'Processing', tone: 'amber' },
  failed: { label: 'Failed', tone: 'red' },
  cancelled: { label: PAYMENT_STATUS_LABELS.cancelled, tone: 'slate' },
  refunded: { label: PAYMENT_STATUS_LABELS.refunded, tone: 'indigo' },
};

export const paymentStatusView = (status: string): { label: string; tone: BadgeTone } =>
  STATUS[status] ?? { label: status.charAt(0).toUpperCase() + status.slice(1), tone: 'slate' };

/** "Pro", "Business (yearly)". */
export const paymentPlanName = (planName: string, billingPeriod: string): string =>
  billingPeriod === 'yearly' ? `${planName} (yearly)` : planName;
