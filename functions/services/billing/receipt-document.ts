import { formatAmount, type Payment } from '../../../shared/billing/payments.js';
import { paidWithName, receiptNumber } from '../../../shared/billing/receipts.js';
import { POLICY } from '../../../shared/policies.js';
import { tierOf } from '../../../shared/tiers.js';
import { escapeHtml, formatEmailDate } from '../email-layout.js';

/**
 * The downloadable receipt of a completed payment (docs/billing.md "Receipts"): one printable HTML
 * page, no script and no outside resource, so it opens and prints the same from a disk years later.
 * It says only what we know: the seller, the buyer, what was bought, the amount in the currency
 * paid, how and when; tax is said honestly (none added by us; not a tax invoice).
 */

export interface ReceiptParties {
  buyer: { name: string; email: string };
  /** Where the seller answers: the configured support address. */
  sellerEmail: string;
  appUrl: string;
  /** The buyer's display time zone (the date on the receipt is theirs). */
  timezone: string | null;
}

const STYLE = `
  body { font: 14px/1.5 system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif; color: #0f172a; margin: 0; background: #f8fafc; }
  main { max-width: 720px; margin: 32px auto; background: #fff; padding: 40px; border: 1px solid #e2e8f0; border-radius: 8px; }
  h1 { font-size: 22px; margin: 0; } .muted { color: #64748b; } .brand { color: #4f46e5; font-weight: 700; font-size: 18px; }
  header { display: flex; justify-content: space-between; gap: 24px; border-bottom: 1px solid #e2e8f0; padding-bottom: 20px; }
  .parties { display: flex; gap: 40px; margin: 24px 0; } .parties > div { flex: 1; }
  h2 { font-size: 12px; text-transform: uppercase; letter-spacing: .05em; color: #64748b; margin: 0 0 6px; }
  table { width: 100%; border-collapse: collapse; margin: 16px 0; }
  th, td { text-align: left; padding: 8px 0; border-bottom: 1px solid #e2e8f0; vertical-align: top; }
  th { font-size: 12px; text-transform: uppercase; letter-spacing: .05em; color: #64748b; font-weight: 600; }
  td.amount, th.amount { text-align: right; white-space: nowrap; } tr.total td { font-weight: 700; border-bottom: 0; }
  dl { display: grid; grid-template-columns: max-content 1fr; gap: 4px 16px; margin: 0; } dt { color: #64748b; } dd { margin: 0; word-break: break-all; }
  .note { font-size: 12px; color: #64748b; margin-top: 24px; }
  @media print { body { background: #fff; } main { margin: 0; border: 0; padding: 0; } .screen-only { display: none; } }
  @media (max-width: 560px) { main { margin: 0; border: 0; padding: 20px; } header, .parties { flex-direction: column; gap: 16px; } }
`;

const row = (label: string, value: string): string => `<dt>${escapeHtml(label)}</dt><dd>${escapeHtml(value)}</dd>`;

/**
 * The receipt as a whole HTML document. Only for a completed payment or a refund (the caller
 * checks); a refund's reads "Refund" and the amount given back (docs/billing.md "Switching the way of paying").
 */
export const renderReceipt = (payment: Payment, parties: ReceiptParties): string => {
  const refund = payment.payment_status === 'refunded';
  const words = refund
    ? { title: 'Refund', on: 'Refunded', date: 'Date refunded', status: 'Refunded', total: 'Total refunded', via: 'Refunded to' }
    : { title: 'Receipt', on: 'Paid', date: 'Date paid', status: 'Paid', total: 'Total paid', via: 'Paid with' };
  const number = receiptNumber(payment);
  const plan = tierOf(payment.package_id).name;
  const period = payment.billing_period === 'yearly' ? 'yearly' : 'monthly';
  const amount = formatAmount(Math.abs(payment.amount), payment.currency);
  const paidOn = formatEmailDate(payment.updated_at, parties.timezone);
  const description = refund
    ? `Refund of the unused part of the Upwatch ${plan} plan, ${period} subscription (replaced by a new subscription)`
    : `Upwatch ${plan} plan, ${period} subscription${payment.kind === 'renewal' ? ' (renewal)' : ''}`;
  const reference = refund ? payment.gateway_status : payment.gateway_ref;
  const { city, state, country } = POLICY.operator;
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Upwatch ${refund ? 'refund' : 'receipt'} ${escapeHtml(number)}</title><style>${STYLE}</style></head>
<body><main>
<header>
  <div><div class="brand">Upwatch</div><h1>${words.title}</h1><p class="muted">${words.on} ${escapeHtml(paidOn)}</p></div>
  <dl>${row('Receipt number', number)}${row(words.date, paidOn)}${row('Status', words.status)}</dl>
</header>
<section class="parties">
  <div><h2>From</h2><p>Upwatch<br>${escapeHtml(`${city}, ${state}, ${country}`)}<br>${escapeHtml(parties.sellerEmail)}<br>${escapeHtml(parties.appUrl)}</p></div>
  <div><h2>Billed to</h2><p>${escapeHtml(parties.buyer.name)}<br>${escapeHtml(parties.buyer.email)}</p></div>
</section>
<table>
  <thead><tr><th>Description</th><th class="amount">Amount</th></tr></thead>
  <tbody>
    <tr><td>${escapeHtml(description)}</td><td class="amount">${escapeHtml(amount)}</td></tr>
    <tr><td>Tax</td><td class="amount">Not charged separately</td></tr>
    <tr class="total"><td>${words.total} (${escapeHtml(payment.currency.toUpperCase())})</td><td class="amount">${escapeHtml(amount)}</td></tr>
  </tbody>
</table>
<dl>${row(words.via, paidWithName(payment.payment_gateway))}${row('Provider reference', reference)}</dl>
<p class="note">Upwatch adds no tax (GST, VAT or sales tax) to its prices: the total above is the whole amount taken. This is a receipt of payment, not a tax invoice. Refunds: within ${POLICY.refundWindowDays} days of your first payment, see ${escapeHtml(parties.appUrl)}/refund.</p>
<p class="note screen-only">To keep a PDF, print this page and choose “Save as PDF”.</p>
</main></body></html>
`;
};
