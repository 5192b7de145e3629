import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { DownloadIcon } from '@/components/ui/icons';
import { LoadError } from '@/components/ui/load-error';
import { errorMessage } from '@/lib/api-client';
import { useAuth } from '@/lib/session';
import { formatMinorAmount } from '@/utils/money';
import { formatDate } from '@/utils/time';
import type { PaymentHistoryEntry } from '@shared/billing/payments.js';
import { paidWithName } from '@shared/billing/receipts.js';
import { downloadReceipt } from '../api/download-receipt';
import { usePaymentHistory } from '../api/get-payment-history';
import { SETTINGS_TEXT } from '../texts';
import { paymentPlanName, paymentStatusView } from '../utils/payment-history';
import { LoadingLines, SettingsCard } from './settings-card';

const cell = 'px-3 py-3 text-sm whitespace-nowrap';

interface ReceiptActions {
  /** The payment whose receipt is downloading (its button shows a spinner). */
  downloading: string | null;
  onDownload: (payment: PaymentHistoryEntry) => void;
}

/**
 * The receipt of a completed payment or a refund (docs/billing.md "Receipts"): Download saves our receipt
 * document; below it, whether the receipt mail went out. A payment that took no money has none.
 */
function Receipt({ payment, downloading, onDownload }: { payment: PaymentHistoryEntry } & ReceiptActions) {
  if (payment.payment_status !== 'completed' && payment.payment_status !== 'refunded') return <span className="text-slate-500">—</span>;
  return (
    <span className="flex flex-col items-start gap-1">
      <Button
        variant="ghost"
        size="sm"
        className="-ml-3"
        aria-label={`Download receipt of ${formatMinorAmount(payment.amount, payment.currency)} for ${paymentPlanName(payment.plan_name, payment.billing_period)}`}
        loading={downloading === payment.id}
        disabled={downloading !== null}
        onClick={() => onDownload(payment)}
      >
        {downloading !== payment.id && <DownloadIcon className="size-4" />}
        Download
      </Button>
      {payment.payment_status !== 'refunded' && (
        <span className="text-xs text-slate-500">{payment.receipt.emailed ? 'Also sent by e-mail' : 'E-mail on its way'}</span>
      )}
    </span>
  );
}

interface RowsProps extends ReceiptActions {
  payments: PaymentHistoryEntry[];
  timeZone: string | null | undefined;
}

/** Wide screens: a table. */
function PaymentTable({ payments, timeZone, ...actions }: RowsProps) {
  return (
    <table className="hidden min-w-full divide-y divide-slate-200 sm:table" aria-label="Payment history">
      <thead>
        <tr className="text-left text-xs font-medium tracking-wide text-slate-500 uppercase">
          <th scope="col" className="px-3 py-2">Date</th>
          <th scope="col" className="px-3 py-2">Plan</th>
          <th scope="col" className="px-3 py-2">Paid with</th>
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
              <td className={`${cell} text-slate-900`}>{paymentPlanName(payment.plan_name, payment.billing_period)}</td>
              <td className={`${cell} text-slate-700`}>{paidWithName(payment.payment_gateway)}</td>
              <td className={`${cell} text-right font-medium text-slate-900 tabular-nums`}>{formatMinorAmount(payment.amount, payment.currency)}</td>
              <td className={cell}>
                <Badge tone={status.tone}>{status.label}</Badge>
              </td>
              <td className={`${cell} py-1.5`}>
                <Receipt payment={payment} {...actions} />
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/** Phones: one block per payment, nothing to scroll sideways. */
function PaymentList({ payments, timeZone, ...actions }: RowsProps) {
  return (
    <ul className="divide-y divide-slate-100 sm:hidden" aria-label="Payments">
      {payments.map((payment) => {
        const status = paymentStatusView(payment.payment_status);
        return (
          <li key={payment.id} className="py-3 text-sm">
            <div className="flex items-baseline justify-between gap-3">
              <span className="text-slate-900">
                {paymentPlanName(payment.plan_name, payment.billing_period)}
                <span className="ml-1 text-xs text-slate-500">· {paidWithName(payment.payment_gateway)}</span>
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
              <Receipt payment={payment} {...actions} />
            </div>
          </li>
        );
      })}
    </ul>
  );
}

/** The user's own payments (docs/billing.md): date, plan, how paid, amount with its currency, status, receipt. */
export function PaymentHistory() {
  const { user } = useAuth();
  const { data, error, mutate } = usePaymentHistory();
  const [downloading, setDownloading] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const payments = data?.payments;

  const onDownload = async (payment: PaymentHistoryEntry) => {
    setDownloading(payment.id);
    setFailure(null);
    try {
      await downloadReceipt(payment.id);
    } catch (cause) {
      setFailure(errorMessage(cause, SETTINGS_TEXT.failedToDownloadReceipt));
    } finally {
      setDownloading(null);
    }
  };
  const actions = { downloading, onDownload: (payment: PaymentHistoryEntry) => void onDownload(payment) };

  return (
    <SettingsCard title="Payment History" description="Your payments, renewals and refunds, newest first. Each completed payment and each refund has a receipt to download.">
      {failure && (
        <div className="mb-4">
          <Alert>{failure}</Alert>
        </div>
      )}
      {error && !data ? (
        <LoadError error={error} fallback="Your payments could not be loaded." onRetry={() => void mutate()} />
      ) : !payments ? (
        <LoadingLines label="Loading your payments…" lines={2} />
      ) : payments.length === 0 ? (
        <p className="text-sm text-slate-600">No payments yet.</p>
      ) : (
        <>
          <PaymentTable payments={payments} timeZone={user?.timezone} {...actions} />
          <PaymentList payments={payments} timeZone={user?.timezone} {...actions} />
        </>
      )}
    </SettingsCard>
  );
}
