import { newId } from '../ids.js';
import type { Notes, RazorpayPayment, RazorpayPlan, RazorpaySubscription } from './razorpay-state.js';

/** Builders of Razorpay entities with the fields the real API returns. Empty notes are `[]`, as Razorpay sends them. */
export const notesOut = (notes: Notes): Notes | [] => (Object.keys(notes).length === 0 ? [] : notes);

/** Razorpay ids: a prefix and 14 letters and digits. */
export const razorpayId = (prefix: string): string => newId(prefix, 14);

export const buildPlan = (p: { period: RazorpayPlan['period']; interval: number; name: string; description: string | null; amount: number; currency: string; notes: Notes; created: number }): RazorpayPlan => ({
  id: razorpayId('plan'),
  entity: 'plan',
  interval: p.interval,
  period: p.period,
  item: {
    id: razorpayId('item'),
    active: true,
    name: p.name,
    description: p.description,
    amount: p.amount,
    unit_amount: p.amount,
    currency: p.currency,
    type: 'plan',
    unit: null,
    tax_inclusive: false,
    hsn_code: null,
    sac_code: null,
    tax_rate: null,
    tax_id: null,
    tax_group_id: null,
    created_at: p.created,
    updated_at: p.created,
  },
  notes: notesOut(p.notes),
  created_at: p.created,
});

export const buildSubscription = (p: { planId: string; totalCount: number; quantity: number; customerNotify: boolean; notes: Notes; expireBy: number | null; created: number; shortUrlBase: string }): RazorpaySubscription => {
  const id = razorpayId('sub');
  return {
    id,
    entity: 'subscription',
    plan_id: p.planId,
    customer_id: null,
    status: 'created',
    current_start: null,
    current_end: null,
    ended_at: null,
    quantity: p.quantity,
    notes: notesOut(p.notes),
    charge_at: null,
    start_at: null,
    end_at: null,
    auth_attempts: 0,
    total_count: p.totalCount,
    paid_count: 0,
    customer_notify: p.customerNotify,
    created_at: p.created,
    expire_by: p.expireBy,
    short_url: `${p.shortUrlBase}/v1/checkout/popup?subscription_id=${id}`,
    has_scheduled_changes: false,
    change_scheduled_at: null,
    source: 'api',
    payment_method: null,
    offer_id: null,
    remaining_count: p.totalCount,
  };
};

export const buildPayment = (p: {
  subscription: RazorpaySubscription;
  amount: number;
  currency: string;
  outcome: 'captured' | 'failed';
  failure?: { description: string; source: string; step: string };
  email: string | null;
  contact: string | null;
  created: number;
}): RazorpayPayment => {
  const failed = p.outcome === 'failed';
  return {
    id: razorpayId('pay'),
    entity: 'payment',
    amount: p.amount,
    currency: p.currency,
    status: p.outcome,
    order_id: razorpayId('order'),
    invoice_id: razorpayId('inv'),
    international: false,
    method: 'upi',
    amount_refunded: 0,
    refund_status: null,
    captured: !failed,
    description: `Subscription ${p.subscription.id}`,
    card_id: null,
    bank: null,
    wallet: null,
    vpa: failed ? 'failure@razorpay' : 'success@razorpay',
    email: p.email ?? 'void@razorpay.com',
    contact: p.contact ?? '+919999999999',
    customer_id: p.subscription.customer_id,
    token_id: null,
    // The subscription's notes ride along, as on Razorpay's subscription payments.
    notes: p.subscription.notes,
    fee: failed ? null : Math.round(p.amount * 0.02),
    tax: failed ? null : Math.round(p.amount * 0.02 * 0.18),
    error_code: failed ? 'BAD_REQUEST_ERROR' : null,
    error_description: failed ? (p.failure?.description ?? 'Payment failed') : null,
    error_source: failed ? (p.failure?.source ?? 'customer') : null,
    error_step: failed ? (p.failure?.step ?? 'payment_authentication') : null,
    error_reason: failed ? 'payment_failed' : null,
    acquirer_data: failed ? { rrn: null } : { rrn: String(p.created).padStart(12, '0'), upi_transaction_id: razorpayId('upi').slice(4).toUpperCase() },
    created_at: p.created,
  };
};

/** A webhook body as Razorpay posts it. */
export const buildWebhookEvent = (p: { event: string; subscription?: RazorpaySubscription; payment?: RazorpayPayment }) => {
  const payload: Record<string, { entity: unknown }> = {};
  if (p.subscription) payload.subscription = { entity: structuredClone(p.subscription) };
  if (p.payment) payload.payment = { entity: structuredClone(p.payment) };
  return {
    entity: 'event',
    account_id: 'acc_UpwatchLocal01',
    event: p.event,
    contains: Object.keys(payload),
    payload,
    created_at: Math.floor(Date.now() / 1000),
  };
};
