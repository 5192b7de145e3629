import { useState } from 'react';
import { CheckCircleIcon, ClockIcon, CreditCardIcon, XCircleIcon } from '@/components/ui/icons';
import { useAdminPayments } from '../../api/get-payments';
import { ADMIN_TEXT } from '../../texts';
import { PAYMENT_STATUSES, type AdminPayment, type PaymentStatus, type PaymentSummary } from '../../types';
import { formatAmount, formatShortTimestamp, shortId } from '../../utils/format';
import { AdminListPanel } from '../admin-list-panel';
import { PaymentStatusBadge } from '../badges';
import { FilterBar, FilterSelect } from '../filters';
import { Cell, EmptyRow, ListTable, ScreenHeader } from '../list-card';
import { OwnerCell } from '../owner-cell';
import { StatTile } from '../stat-tile';
import { gatewayName, PaymentDetailModal } from './payment-detail-modal';
import { PAYMENT_STATUS_LABELS } from '@shared/billing/payments.js';
import { countOf } from '@shared/texts.js';

const STATUS_OPTIONS = [
  { value: 'all', label: 'All statuses' },
  ...PAYMENT_STATUSES.map((status) => ({ value: status, label: PAYMENT_STATUS_LABELS[status] })),
] as const satisfies readonly { value: PaymentStatus | 'all'; label: string }[];

const COLUMNS = ['Transaction', 'User', 'Package', 'Amount', 'Gateway', 'Status', 'Date', 'Actions'] as const;

/** Total Revenue: the completed payments' sum, one line per currency (card USD, UPI INR). */
function Revenue({ summary }: { summary: PaymentSummary }) {
  const totals = summary.total_revenue.length > 0 ? summary.total_revenue : [{ currency: 'USD', amount: 0 }];
  return (
    <ul className={totals.length > 1 ? 'space-y-0.5 text-lg sm:text-xl' : ''}>
      {totals.map(({ currency, amount }) => (
        <li key={currency} className="whitespace-nowrap">
          {formatAmount(amount, currency)}
        </li>
      ))}
    </ul>
  );
}

function SummaryCards({ summary }: { summary: PaymentSummary }) {
  return (
    <div className="grid grid-cols-2 gap-4 lg:grid-cols-4" data-testid="payment-summary">
      <StatTile label="Total Revenue" value={<Revenue summary={summary} />} detail="Completed payments" icon={CreditCardIcon} tone="emerald" wide />
      <StatTile label="Completed" value={summary.completed} icon={CheckCircleIcon} tone="emerald" />
      <StatTile label="Pending" value={summary.pending} icon={ClockIcon} tone="amber" />
      <StatTile label="Failed" value={summary.failed} icon={XCircleIcon} tone="red" />
    </div>
  );
}

/** Payments (docs/product-rules.md "Operator lists"): status filter and count, four summary cards, the table, details, pager. */
export function AdminPaymentsView() {
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<PaymentStatus | 'all'>('all');
  const { data, error, isLoading } = useAdminPayments(page, status);
  const [open, setOpen] = useState<AdminPayment | null>(null);

  return (
    <div className="space-y-5">
      <ScreenHeader title="Payments" description="Payments through Stripe (card) and Razorpay (UPI). Display only." />
      {data?.summary && <SummaryCards summary={data.summary} />}
      <FilterBar>
        <FilterSelect
          label="Status"
          value={status}
          options={STATUS_OPTIONS}
          onChange={(value) => {
            setStatus(value);
            setPage(1);
          }}
        />
        {data && (
          <p className="pb-2 text-sm text-slate-600" data-testid="payment-count">
            {countOf(data.total, 'payment')}
          </p>
        )}
      </FilterBar>
      <AdminListPanel
        data={data}
        error={error}
        isLoading={isLoading}
        failedText={ADMIN_TEXT.failedToFetchPayments}
        page={page}
        onPageChange={setPage}
        skeletonColumns={COLUMNS.length - 1}
        loadingLabel="Loading payments…"
      >
        {(list) => (
          <ListTable label="Payments" head={COLUMNS}>
            {list.payments.length === 0 ? (
              <EmptyRow columns={COLUMNS.length}>No payments match.</EmptyRow>
            ) : (
              list.payments.map((payment) => (
                <tr key={payment.id} data-testid="payment-row">
                  <Cell label="Transaction">
                    <code className="text-xs font-semibold text-slate-900" title={payment.id}>
                      …{shortId(payment.id)}
                    </code>
                    <p className="text-xs text-slate-500">{payment.gateway_status ?? '—'}</p>
                  </Cell>
                  <Cell label="User">
                    <OwnerCell name={payment.user_name} email={payment.user_email} tier={payment.user_tier} />
                  </Cell>
                  <Cell label="Package">
                    <p className="font-medium text-slate-900 capitalize">{payment.package_id}</p>
                    {payment.billing_period && <p className="text-xs text-slate-500 capitalize">{payment.billing_period}</p>}
                  </Cell>
                  <Cell label="Amount" className="whitespace-nowrap tabular-nums">{formatAmount(payment.amount, payment.currency)}</Cell>
                  <Cell label="Gateway">{gatewayName(payment.payment_gateway)}</Cell>
                  <Cell label="Status">
                    <PaymentStatusBadge status={payment.payment_status} />
                  </Cell>
                  <Cell label="Date" className="sm:min-w-28">{formatShortTimestamp(payment.created_at)}</Cell>
                  <Cell label="Actions">
                    <button
                      type="button"
                      onClick={() => setOpen(payment)}
                      className="rounded-md px-2 py-1 text-sm font-medium whitespace-nowrap text-indigo-600 hover:bg-indigo-50"
                    >
                      View Details
                    </button>
                  </Cell>
                </tr>
              ))
            )}
          </ListTable>
        )}
      </AdminListPanel>
      {open && <PaymentDetailModal payment={open} onClose={() => setOpen(null)} />}
    </div>
  );
}
