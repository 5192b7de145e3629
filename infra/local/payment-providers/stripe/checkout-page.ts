import { escapeHtml, html, redirect, type Reply } from '../http-kit.js';
import { PAGE_STYLE } from '../local-pages.js';
import { formatMoney } from '../money.js';
import type { StripeBilling } from './stripe-billing.js';
import type { StripeCheckoutSession, StripeState } from './stripe-state.js';

/**
 * The hosted-checkout-like page at a session's `url` (docs/billing.md "The local providers"):
 * plan, amount, a card field, **Pay** and **Cancel**. A plain HTML form, no script at all.
 */
const CHECKOUT_STYLE = `${PAGE_STYLE}
  main { max-width: 420px; } .card { background: #fff; border-radius: 8px; padding: 24px; box-shadow: 0 1px 3px #0002; }
  .amount { font-size: 28px; font-weight: 600; margin: 4px 0 16px; } label { display: block; margin: 12px 0 4px; font-weight: 500; }
  input { width: 100%; box-sizing: border-box; padding: 10px; border: 1px solid #c4cdd5; border-radius: 6px; font-size: 16px; }
  .row { display: flex; gap: 12px; } .row > div { flex: 1; }
  button.pay { width: 100%; margin-top: 20px; padding: 12px; background: #635bff; color: #fff; border: 0; border-radius: 6px; font-size: 16px; font-weight: 600; }
  .error { color: #df1b41; margin-top: 12px; } .cancel { display: inline-block; margin-top: 16px; }
  .badge { display: inline-block; background: #ffde92; color: #7a4b00; border-radius: 4px; padding: 0 6px; font-size: 12px; }
`;

const page = (title: string, body: string, status = 200): Reply =>
  html(status, `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
    <title>${escapeHtml(title)}</title><style>${CHECKOUT_STYLE}</style></head><body><main>${body}</main></body></html>`);

const describe = (state: StripeState, session: StripeCheckoutSession) => {
  const line = state.sessionExtras[session.id]?.lineItems[0];
  const price = line ? state.prices[line.price] : undefined;
  const product = price ? state.products[price.product] : undefined;
  return {
    plan: product?.name ?? 'Subscription',
    per: price?.recurring.interval === 'year' ? 'per year' : 'per month',
  };
};

export const renderCheckoutPage = (state: StripeState, session: StripeCheckoutSession, error?: { message: string; status: number; cardNumber: string }): Reply => {
  if (session.status !== 'open') {
    const paid = session.status === 'complete';
    const back = paid ? session.success_url?.replaceAll('{CHECKOUT_SESSION_ID}', session.id) : session.cancel_url;
    return page(
      'Checkout',
      `<div class="card"><h1>${paid ? 'This checkout is already paid.' : 'This checkout session has expired.'}</h1>
      ${back ? `<a href="${escapeHtml(back)}">Return to the site</a>` : ''}</div>`,
      paid ? 200 : 410,
    );
  }
  const { plan, per } = describe(state, session);
  const amount = formatMoney(session.amount_total, session.currency);
  return page(
    `Pay ${amount} - ${plan}`,
    `<div class="card">
      <span class="badge">TEST MODE · local Stripe</span>
      <h1>Subscribe to ${escapeHtml(plan)}</h1>
      <div class="amount" data-testid="amount">${escapeHtml(amount)} <span class="muted">${per}</span></div>
      ${session.customer_email ? `<div class="muted">${escapeHtml(session.customer_email)}</div>` : ''}
      <form method="post" action="/checkout/${escapeHtml(session.id)}">
        <label for="card_number">Card number</label>
        <input id="card_number" name="card_number" inputmode="numeric" autocomplete="cc-number" placeholder="4242 4242 4242 4242"
          value="${escapeHtml(error?.cardNumber ?? '')}" required>
        <div class="row">
          <div><label for="card_expiry">Expiry</label><input id="card_expiry" name="card_expiry" placeholder="MM / YY" autocomplete="cc-exp"></div>
          <div><label for="card_cvc">CVC</label><input id="card_cvc" name="card_cvc" placeholder="CVC" autocomplete="cc-csc"></div>
        </div>
        ${error ? `<div class="error" role="alert">${escapeHtml(error.message)}</div>` : ''}
        <button class="pay" type="submit">Pay</button>
      </form>
      ${session.cancel_url ? `<a class="cancel" href="${escapeHtml(session.cancel_url)}">Cancel</a>` : ''}
      <p class="muted">Test cards: 4242 4242 4242 4242 pays; 4000 0000 0000 0002 is declined.</p>
    </div>`,
    error?.status ?? 200,
  );
};

export const submitCheckoutPage = (state: StripeState, billing: StripeBilling, session: StripeCheckoutSession, cardNumber: string, cardExpiry = ''): Reply => {
  const outcome = billing.paySession(session.id, cardNumber, cardExpiry);
  if (outcome.ok) return redirect(outcome.redirectTo);
  return renderCheckoutPage(state, session, { message: outcome.message, status: 402, cardNumber });
};
