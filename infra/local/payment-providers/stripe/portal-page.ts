import { escapeHtml, html, redirect, type Reply } from '../http-kit.js';
import { PAGE_STYLE } from '../local-pages.js';
import { formatDate, formatMoney } from '../money.js';
import type { StripeBilling } from './stripe-billing.js';
import { missingResource } from './stripe-errors.js';
import { describeCard } from './stripe-payment-methods.js';
import type { StripePortalSession, StripeState } from './stripe-state.js';

/**
 * The customer portal page at a portal session's `url` (docs/billing.md "Local Stripe"): the
 * customer's subscription, their default card with a form to replace it, their invoices, and a
 * link back to the `return_url`. A plain HTML form, no script, like the hosted checkout page.
 */
const PORTAL_STYLE = `${PAGE_STYLE}
  main { max-width: 560px; } .card { background: #fff; border-radius: 8px; padding: 24px; box-shadow: 0 1px 3px #0002; margin-bottom: 16px; }
  h1 { margin: 8px 0 4px; } h2 { font-size: 16px; margin: 0 0 12px; } label { display: block; margin: 12px 0 4px; font-weight: 500; }
  input { width: 100%; box-sizing: border-box; padding: 10px; border: 1px solid #c4cdd5; border-radius: 6px; font-size: 16px; }
  .row { display: flex; gap: 12px; } .row > div { flex: 1; }
  button.save { width: 100%; margin-top: 20px; padding: 12px; background: #635bff; color: #fff; border: 0; border-radius: 6px; font-size: 16px; font-weight: 600; }
  .error { color: #df1b41; margin-top: 12px; } .ok { color: #0a7d46; margin: 0 0 12px; }
  .badge { display: inline-block; background: #ffde92; color: #7a4b00; border-radius: 4px; padding: 0 6px; font-size: 12px; }
  td.amount { text-align: right; white-space: nowrap; }
`;

const page = (title: string, body: string, status = 200): Reply =>
  html(status, `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
    <title>${escapeHtml(title)}</title><style>${PORTAL_STYLE}</style></head><body><main>${body}</main></body></html>`);

export const portalSessionOf = (state: StripeState, id: string): StripePortalSession => {
  const session = state.portalSessions[id];
  if (!session) throw missingResource('billing_portal.session', id, 'session');
  return session;
};

const subscriptionsHtml = (state: StripeState, customer: string): string => {
  const live = Object.values(state.subscriptions).filter((subscription) => subscription.customer === customer && subscription.status !== 'canceled');
  if (live.length === 0) return '<p class="muted">No current subscription.</p>';
  return live
    .map((subscription) => {
      const item = subscription.items.data[0];
      const product = item ? state.products[item.price.product] : undefined;
      const price = item ? `${formatMoney(item.price.unit_amount, item.price.currency)} per ${item.price.recurring.interval}` : '';
      const end = formatDate(item?.current_period_end);
      return `<p><strong>${escapeHtml(product?.name ?? 'Subscription')}</strong> · ${escapeHtml(price)}<br>
        <span class="muted">${subscription.cancel_at_period_end ? `Cancels on ${escapeHtml(end)}` : `Renews on ${escapeHtml(end)}`} (${escapeHtml(subscription.status)})</span></p>`;
    })
    .join('');
};

const invoicesHtml = (state: StripeState, customer: string): string => {
  const invoices = Object.values(state.invoices)
    .filter((invoice) => invoice.customer === customer)
    .sort((a, b) => b.created - a.created);
  if (invoices.length === 0) return '<p class="muted">No invoices yet.</p>';
  const rows = invoices
    .map(
      (invoice) =>
        `<tr><td>${escapeHtml(formatDate(invoice.created))}</td><td class="amount">${escapeHtml(formatMoney(invoice.amount_due, invoice.currency))}</td><td>${escapeHtml(invoice.status === 'paid' ? 'Paid' : invoice.status)}</td></tr>`,
    )
    .join('');
  return `<table aria-label="Invoice history"><thead><tr><th>Date</th><th class="amount">Amount</th><th>Status</th></tr></thead><tbody>${rows}</tbody></table>`;
};

/** The customer's default card: the customer's invoice default, else their subscription's (set by Checkout). */
const defaultCard = (state: StripeState, customer: string): string => {
  const settings = state.customers[customer]?.invoice_settings as { default_payment_method?: string | null } | undefined;
  const fromSubscription = Object.values(state.subscriptions).find((subscription) => subscription.customer === customer && subscription.default_payment_method)
    ?.default_payment_method as string | undefined;
  const method = state.paymentMethods[settings?.default_payment_method ?? fromSubscription ?? ''];
  return method ? describeCard(method) : 'No card on file';
};

export const renderPortalPage = (
  state: StripeState,
  session: StripePortalSession,
  notice?: { saved?: boolean; error?: { message: string; status: number } },
): Reply => {
  const customer = state.customers[session.customer];
  const back = session.return_url ? `<a href="${escapeHtml(session.return_url)}">← Return to Upwatch</a>` : '';
  return page(
    'Manage your billing',
    `<p>${back}</p>
    <div class="card">
      <span class="badge">TEST MODE · local Stripe</span>
      <h1>Manage your billing</h1>
      ${customer?.email ? `<div class="muted">${escapeHtml(customer.email)}</div>` : ''}
    </div>
    <section class="card" aria-labelledby="plan-heading"><h2 id="plan-heading">Current plan</h2>${subscriptionsHtml(state, session.customer)}</section>
    <section class="card" aria-labelledby="card-heading">
      <h2 id="card-heading">Payment method</h2>
      ${notice?.saved ? '<p class="ok" role="status">Your payment method was updated.</p>' : ''}
      <p data-testid="default-card">${escapeHtml(defaultCard(state, session.customer))}</p>
      <form method="post" action="/p/session/${escapeHtml(session.id)}" aria-label="Update payment method">
        <label for="card_number">Card number</label>
        <input id="card_number" name="card_number" inputmode="numeric" autocomplete="cc-number" placeholder="4242 4242 4242 4242" required>
        <div class="row">
          <div><label for="card_expiry">Expiry</label><input id="card_expiry" name="card_expiry" placeholder="MM / YY" autocomplete="cc-exp" required></div>
          <div><label for="card_cvc">CVC</label><input id="card_cvc" name="card_cvc" placeholder="CVC" autocomplete="cc-csc"></div>
        </div>
        ${notice?.error ? `<div class="error" role="alert">${escapeHtml(notice.error.message)}</div>` : ''}
        <button class="save" type="submit">Update payment method</button>
      </form>
      <p class="muted">Test cards: 4242 4242 4242 4242 or 5555 5555 5555 4444 are saved; 4000 0000 0000 0002 is declined.</p>
    </section>
    <section class="card" aria-labelledby="invoices-heading"><h2 id="invoices-heading">Invoice history</h2>${invoicesHtml(state, session.customer)}</section>`,
    notice?.error?.status ?? 200,
  );
};

/** The form's post: the new card saved and the page shown again (303, so a reload does not post twice), or the refusal. */
export const submitPortalCard = (state: StripeState, billing: StripeBilling, session: StripePortalSession, card: { number: string; expiry: string }): Reply => {
  const outcome = billing.saveCustomerCard(session.customer, card);
  if (outcome.ok) return redirect(`/p/session/${session.id}?updated=1`);
  return renderPortalPage(state, session, { error: { message: outcome.message, status: 402 } });
};
