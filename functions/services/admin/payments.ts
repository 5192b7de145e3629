import { CURRENCIES, type Currency } from '../../../shared/billing/payments.js';
import type { AdminPayment, AdminPaymentList, AdminPaymentsQuery } from '../../../shared/admin/schemas.js';
import { listPayments } from '../../repositories/payment-list-repository.js';
import { erasedOwnerPseudonym } from '../../repositories/payment-erasure-repository.js';
import { getPaymentStats, type StoredPayment } from '../../repositories/payment-repository.js';
import { ownersOf } from './admin-views.js';

/** Minor units (cents, paise) -> major units, as the operator panel shows amounts. */
const majorUnits = (amount: number): number => Math.round(amount) / 100;

const toAdminPayment = (payment: StoredPayment, owner: { name: string; email: string; subscription_tier: AdminPayment['user_tier'] } | undefined): AdminPayment => ({
  id: payment.id,
  // An erased owner's payments show their pseudonym, never the account's old id (docs/billing.md "Account deletion").
  user_id: owner ? payment.user_id : erasedOwnerPseudonym(payment.user_id),
  user_name: owner?.name ?? null,
  user_email: owner?.email ?? null,
  user_tier: owner?.subscription_tier ?? null,
  package_id: payment.package_id,
  billing_period: payment.billing_period,
  amount: majorUnits(payment.amount),
  currency: payment.currency.toUpperCase(),
  payment_gateway: payment.payment_gateway,
  payment_status: payment.payment_status,
  gateway_status: payment.gateway_status,
  created_at: payment.created_at,
  updated_at: payment.updated_at,
});

/**
 * GET /api/admin/payments: a page of payment records (billing's repository: the all-payments index
 * or the status's, totals from its counters) with their owners, and the summary cards over all
 * payments: Total Revenue (completed payments, one figure per currency), Completed, Pending, Failed.
 */
export const listAdminPayments = async (query: AdminPaymentsQuery): Promise<AdminPaymentList> => {
  const [page, stats] = await Promise.all([listPayments({ status: query.status, limit: query.limit, page: query.page }), getPaymentStats()]);
  const owners = await ownersOf(page.payments);
  return {
    payments: page.payments.map((payment) => toAdminPayment(payment, owners.get(payment.user_id))),
    total: page.total,
    pages: page.pages,
    page: query.page,
    summary: {
      total_revenue: CURRENCIES.map((currency: Currency) => ({ currency: currency.toUpperCase(), amount: majorUnits(stats.revenue[currency]) })),
      completed: stats.by_status.completed,
      pending: stats.by_status.pending,
      failed: stats.by_status.failed,
    },
  };
};
