import fs from 'node:fs';
import { escapeHtml, html, json, type Reply, type Request } from '../http-kit.js';
import { PAGE_STYLE } from '../local-pages.js';
import { formatMoney } from '../money.js';
import type { RazorpayBilling } from './razorpay-billing.js';
import { RazorpayApiError } from './razorpay-errors.js';
import type { RazorpayState } from './razorpay-state.js';

/**
 * The local Razorpay Checkout: `GET /v1/checkout.js` (window.Razorpay), the popup page it frames
 * (`GET /v1/checkout/popup`) with **Pay by UPI (success)** and **Fail payment**, its script, and
 * `POST /v1/checkout/pay`, which the popup calls. No inline script anywhere.
 */
const asset = (name: string) => fs.readFileSync(new URL(`./assets/${name}`, import.meta.url), 'utf8');
const CHECKOUT_JS = asset('checkout.js');
const POPUP_JS = asset('popup.js');

const script = (body: string): Reply => ({
  status: 200,
  headers: {
    'content-type': 'application/javascript; charset=utf-8',
    'cache-control': 'no-cache',
    'access-control-allow-origin': '*',
    'cross-origin-resource-policy': 'cross-origin',
  },
  body,
});

export const checkoutScript = (): Reply => script(CHECKOUT_JS);
export const popupScript = (): Reply => script(POPUP_JS);

const POPUP_STYLE = `${PAGE_STYLE}
  main { margin: 0; max-width: none; padding: 20px; } h1 { margin: 0 0 4px; font-size: 18px; }
  .amount { font-size: 26px; font-weight: 600; margin: 12px 0; } button { display: block; width: 100%; margin: 10px 0; padding: 12px; border-radius: 6px; font-size: 15px; font-weight: 600; }
  .upi { background: #1f6fd1; color: #fff; border: 0; } .fail { background: #fff; color: #b91c1c; border: 1px solid #b91c1c; }
  .close { position: absolute; top: 10px; right: 12px; width: auto; display: inline; border: 0; background: none; font-size: 20px; margin: 0; padding: 4px; }
  .status { min-height: 1.5em; } .status.error { color: #b91c1c; } .status.ok { color: #15803d; }
  .badge { display: inline-block; background: #ffde92; color: #7a4b00; border-radius: 4px; padding: 0 6px; font-size: 12px; }
`;

export const renderPopup = (state: RazorpayState, request: Request, keyId: string): Reply => {
  const q = request.query;
  const subscription = state.subscriptions[q.get('subscription_id') ?? ''];
  const problem =
    (q.get('key_id') ?? keyId) !== keyId
      ? 'The key passed to Razorpay Checkout is not the local Razorpay\'s key_id.'
      : !subscription
        ? 'No such subscription.'
        : subscription.status !== 'created'
          ? `This subscription is ${subscription.status}; there is nothing to pay.`
          : null;
  const plan = subscription ? state.plans[subscription.plan_id] : undefined;
  const amount = plan && subscription ? formatMoney(plan.item.amount * subscription.quantity, plan.item.currency) : '';
  const per = plan?.period === 'yearly' ? 'per year' : 'per month';
  const body = problem
    ? `<p class="status error" id="status" role="alert">${escapeHtml(problem)}</p>`
    : `<div class="amount" data-testid="amount">${escapeHtml(amount)} <span class="muted">${per}</span></div>
       <div class="muted">${escapeHtml(plan?.item.name ?? '')}</div>
       <button type="button" class="upi" data-outcome="success">Pay by UPI (success)</button>
       <button type="button" class="fail" data-outcome="failure">Fail payment</button>
       <p class="status" id="status" role="status"></p>`;
  return html(
    200,
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
    <title>Razorpay Checkout (local)</title><style>${POPUP_STYLE}</style></head><body>
    <main id="checkout" data-key-id="${escapeHtml(q.get('key_id') ?? keyId)}" data-subscription-id="${escapeHtml(subscription?.id ?? '')}"
      data-parent-origin="${escapeHtml(q.get('parent_origin') ?? '')}" data-email="${escapeHtml(q.get('email') ?? '')}" data-contact="${escapeHtml(q.get('contact') ?? '')}">
      <button type="button" class="close" id="close" aria-label="Close">×</button>
      <span class="badge">TEST MODE · local Razorpay</span>
      <h1>${escapeHtml(q.get('name') || 'Upwatch')}</h1>
      <div class="muted">${escapeHtml(q.get('description') ?? '')}</div>
      ${body}
    </main><script src="/v1/checkout/popup.js"></script></body></html>`,
  );
};

/** `POST /v1/checkout/pay {key_id, subscription_id, outcome: 'success'|'failure'}`: what the popup's buttons do. */
export const payFromPopup = (state: RazorpayState, billing: RazorpayBilling, request: Request, keyId: string): Reply => {
  let input: Record<string, unknown>;
  try {
    input = JSON.parse(request.body.toString('utf8') || '{}') as Record<string, unknown>;
  } catch {
    throw new RazorpayApiError(400, 'The request body must be JSON.');
  }
  if (input.key_id !== keyId) throw new RazorpayApiError(401, 'Authentication failed');
  const outcome = input.outcome;
  if (outcome !== 'success' && outcome !== 'failure') throw new RazorpayApiError(400, 'outcome must be success or failure', 'outcome');
  const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);
  const result = billing.payFromCheckout(String(input.subscription_id ?? ''), outcome, { email: text(input.email), contact: text(input.contact) });
  return 'error' in result ? json(400, result) : json(200, result);
};
