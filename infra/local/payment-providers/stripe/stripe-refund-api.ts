import type { Route } from '../http-kit.js';
import { newId, nowSeconds } from '../ids.js';
import { StripeApiError, missingParam, missingResource } from './stripe-errors.js';
import { metadataUpdate, optionalInteger, optionalString, rejectUnknown, requiredString } from './stripe-params.js';
import type { StripeApiContext, StripeApiKit } from './stripe-api-kit.js';
import type { StripePaymentIntent, StripeRefund } from './stripe-state.js';

const dollars = (amount: number, currency: string): string =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(amount / 100);

/** The invoice payment Stripe lists for a paid invoice: the payment intent that paid it. */
const invoicePayment = (intent: StripePaymentIntent) => ({
  id: `inpay_${intent.id.slice(3)}`,
  object: 'invoice_payment',
  amount_paid: intent.amount_received,
  amount_requested: intent.amount,
  created: intent.created,
  currency: intent.currency,
  invoice: intent.invoice,
  is_default: true,
  livemode: false,
  payment: { type: 'payment_intent', payment_intent: intent.id },
  status: 'paid',
  status_transitions: { canceled_at: null, paid_at: intent.created },
});

/**
 * `GET /v1/invoice_payments?invoice=` (what paid an invoice) and `POST /v1/refunds` against a
 * payment intent or its charge, as stripe-node sends them (docs/billing.md "Local Stripe"): a
 * refund takes back at most what was paid and not yet refunded, in the payment's currency.
 */
export const createStripeRefundRoutes = (ctx: StripeApiContext, kit: StripeApiKit): Route[] => {
  const { state, params, reply, listReply, retrieve } = kit;
  const intents = () => (state().paymentIntents ??= {});
  const refunds = () => (state().refunds ??= {});
  return [
    {
      method: 'GET',
      pattern: '/v1/invoice_payments',
      handler: (request) => {
        const p = params(request);
        rejectUnknown(p, ['invoice', 'limit', 'expand', 'status']);
        const invoice = requiredString(p.invoice, 'invoice');
        const paid = Object.values(intents()).filter((intent) => intent.invoice === invoice);
        return listReply('/v1/invoice_payments', paid.map(invoicePayment), p);
      },
    },
    {
      method: 'POST',
      pattern: '/v1/refunds',
      handler: (request) => {
        const p = params(request);
        rejectUnknown(p, ['payment_intent', 'charge', 'amount', 'reason', 'metadata', 'expand']);
        const byIntent = optionalString(p.payment_intent, 'payment_intent');
        const byCharge = optionalString(p.charge, 'charge');
        if (!byIntent && !byCharge) throw missingParam('payment_intent');
        const intent = byIntent ? intents()[byIntent] : Object.values(intents()).find((candidate) => candidate.latest_charge === byCharge);
        if (!intent) throw byIntent ? missingResource('payment_intent', byIntent, 'payment_intent') : missingResource('charge', byCharge ?? '', 'charge');
        const left = intent.amount_received - intent.amount_refunded;
        if (left <= 0) throw new StripeApiError(400, 'invalid_request_error', `Charge ${intent.latest_charge} has already been refunded.`, 'charge_already_refunded');
        const amount = optionalInteger(p.amount, 'amount', 1) ?? left;
        if (amount > left) {
          throw new StripeApiError(
            400,
            'invalid_request_error',
            `Refund amount (${dollars(amount, intent.currency)}) is greater than unrefunded amount on charge (${dollars(left, intent.currency)})`,
            undefined,
            'amount',
          );
        }
        intent.amount_refunded += amount;
        const refund: StripeRefund = {
          id: newId('re', 24),
          object: 'refund',
          amount,
          balance_transaction: newId('txn', 24),
          charge: intent.latest_charge,
          created: nowSeconds(),
          currency: intent.currency,
          destination_details: { card: { reference_status: 'pending', reference_type: 'acquirer_reference_number', type: 'refund' }, type: 'card' },
          metadata: metadataUpdate({}, p.metadata),
          payment_intent: intent.id,
          reason: optionalString(p.reason, 'reason') ?? null,
          receipt_number: null,
          source_transfer_reversal: null,
          status: 'succeeded',
          transfer_reversal: null,
        };
        refunds()[refund.id] = refund;
        ctx.store.save();
        return reply(refund, p);
      },
    },
    { method: 'GET', pattern: '/v1/refunds/:id', handler: retrieve(refunds, 'refund') },
  ];
};
