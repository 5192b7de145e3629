import type { ReactNode } from 'react';
import { Modal } from '@/components/ui/modal';
import { formatTimestamp } from '@/utils/time';
import type { AdminPayment } from '../../types';
import { formatAmount } from '../../utils/format';
import { PaymentStatusBadge, TierBadge } from '../badges';
import { DetailList } from '../list-card';

export const gatewayName = (gateway: string): string =>
  gateway === 'stripe' ? 'Stripe' : gateway === 'razorpay' ? 'Razorpay' : gateway;

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="space-y-3" aria-label={title}>
      <h3 className="text-sm font-semibold text-slate-900">{title}</h3>
      {children}
    </section>
  );
}

/** docs/product-rules.md "Operator lists": the payment's Transaction Information and Customer Information. Display only. */
export function PaymentDetailModal({ payment, onClose }: { payment: AdminPayment; onClose: () => void }) {
  return (
    <Modal open title="Payment Details" onClose={onClose}>
      <div className="space-y-6">
        <Section title="Transaction Information">
          <DetailList
            items={[
              ['Transaction ID', <code key="id" className="text-xs break-all">{payment.id}</code>],
              ['Status', <PaymentStatusBadge key="status" status={payment.payment_status} />],
              ['Amount', formatAmount(payment.amount, payment.currency)],
              ['Package', payment.package_id],
              ['Billing period', payment.billing_period ?? '—'],
              ['Gateway', gatewayName(payment.payment_gateway)],
              ['Gateway status', payment.gateway_status ?? '—'],
              ['Created', formatTimestamp(payment.created_at)],
              ['Updated', formatTimestamp(payment.updated_at)],
            ]}
          />
        </Section>
        <Section title="Customer Information">
          <DetailList
            items={[
              ['Name', payment.user_name ?? 'Deleted user'],
              ['Email', payment.user_email ?? '—'],
              ['Tier', payment.user_tier ? <TierBadge key="tier" tier={payment.user_tier} /> : '—'],
              ['User ID', <code key="uid" className="text-xs break-all">{payment.user_id}</code>],
            ]}
          />
        </Section>
      </div>
    </Modal>
  );
}
