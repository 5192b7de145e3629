import { Badge } from '@/components/ui/badge';
import { LoadError } from '@/components/ui/load-error';
import { useAuth } from '@/lib/session';
import { formatMinorAmount } from '@/utils/money';
import { formatDate } from '@/utils/time';
import type { PaymentHistoryEntry } from '@shared/billing/payments.js';
import { usePaymentHistory } from '../api/get-payment-history';
import { paymentMethodName, paymentPlanName, paymentStatusView } from '../utils/payment-history';
import { LoadingLines, SettingsCard } from './settings-card';

const cell = 'px-3 py-3 text-sm whitespace-nowrap';

/** The receipt: the provider's reference for the payment, and whether our receipt mail went out. */
function Receipt({ payment }: { payment: PaymentHistoryEntry }) {
  if (payment.payment_status !== 'completed') return <span className="text-slate-500">—</span>;
  return (
    <span className="flex flex-col">
      {/* Provider references run long (a Stripe session id is ~66 characters): cut, whole on hover. */}
      <span className="block max-w-[11rem] truncate font-mono text-xs text-slate-700" title={payment.receipt.reference}>
        {payment.receipt.reference}
      </span>
      <span className="text-xs text-slate-500">{payment.receipt.emailed ? 'Sent by e-mail' : 'E-mail on its way'}</span>
    </span>
  );
}

interface RowsProps {
  payments: PaymentHistoryEntry[];
  timeZone: string | null | undefined;
}

function PlanCell({ payment }: { payment: PaymentHistoryEntry }) {
  return (
    <>
      {paymentPlanName(payment.plan_name, payment.billing_period)}
      <span className="ml-1 text-xs text-slate-500">· {paymentMethodName(payment.payment_gateway)}</span>
    </>
  );
}

/** Wide screens: a table. */
function PaymentTable({ payments, timeZone }: RowsProps) {
  return (
    <table className="hidden min-w-full divide-y divide-slate-200 sm:table" aria-label="Payment history">
      <thead>
        <tr className="text-left text-xs font-medium tracking-wide text-slate-500 uppercase">
          <th scope="col" className="px-3 py-2">Date</th>
          <th scope="col" className="px-3 py-2">Plan</th>
          <th scope="col" className="px-3 py-2 text-right">Amount</th>
          <th scope="col" className="px-3 py-2">Status</th>
          <th scope="col" className="px-3 py-2">Receipt</th>
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100">
        {payments.map((payment) => {
          const status = paymentStatusView(payment.payment_status);
          return (
            <tr key={payment.id}>
              <td className={`${cell} text-slate-700`}>
                <time dateTime={payment.created_at}>{formatDate(payment.created_at, timeZone)}</time>
              </td>
              <td className={`${cell} text-slate-900`}>
                <PlanCell payment={payment} />
              </td>
              <td className={`${cell} text-right font-medium text-slate-900 tabular-nums`}>{formatMinorAmount(payment.amount, payment.currency)}</td>
              <td className={cell}>
                <Badge tone={status.tone}>{status.label}</Badge>
              </td>
              <td className={cell}>
                <Receipt payment={payment} />
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/** Phones: one block per payment, nothing to scroll sideways. */
function PaymentList({ payments, timeZone }: RowsProps) {
  return (
    <ul className="divide-y divide-slate-100 sm:hidden" aria-label="Payments">
      {payments.map((payment) => {
        const status = paymentStatusView(payment.payment_status);
        return (
          <li key={payment.id} className="py-3 text-sm">
            <div className="flex items-baseline justify-between gap-3">
              <span className="text-slate-900">
                <PlanCell payment={payment} />
              </span>
              <span className="font-medium text-slate-900 tabular-nums">{formatMinorAmount(payment.amount, payment.currency)}</span>
            </div>
            <div className="mt-1 flex items-center justify-between gap-3">
              <time className="text-slate-600" dateTime={payment.created_at}>
                {formatDate(payment.created_at, timeZone)}
              </time>
              <Badge tone={status.tone}>{status.label}</Badge>
            </div>
            <div className="mt-1">
              <Receipt payment={payment} />
            </div>
          </li>
        );
      })}
    </ul>
  );
}

/** The user's own payments (docs/billing.md): date, plan, amount with its currency, status, receipt. */
export function PaymentHistory() {
  const { user } = useAuth();
  const { data, error, mutate } = usePaymentHistory();
  const payments = data?.payments;
  return (
    <SettingsCard title="Payment History" description="Your payments and renewals, newest first.">
      {error && !data ? (
        <LoadError error={error} fallback="Your payments could not be loaded." onRetry={() => void mutate()} />
      ) : !payments ? (
        <LoadingLines label="Loading your payments…" lines={2} />
      ) : payments.length === 0 ? (
        <p className="text-sm text-slate-600">No payments yet.</p>
      ) : (
        <>
          <PaymentTable payments={payments} timeZone={user?.timezone} />
          <PaymentList payments={payments} timeZone={user?.timezone} />
        </>
      )}
    </SettingsCard>
  );
}
