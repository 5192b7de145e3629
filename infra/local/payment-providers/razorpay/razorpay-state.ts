import type { PendingDelivery } from '../webhook-sender.js';

/**
 * The local Razorpay's entities, stored in the shapes the API returns. Only the fields the local
 * provider keeps are typed; the rest is as Razorpay sends it.
 */
export type Notes = Record<string, string>;

export interface RazorpayPlan {
  id: string;
  entity: 'plan';
  interval: number;
  period: 'monthly' | 'yearly';
  item: { id: string; name: string; amount: number; currency: string; [field: string]: unknown };
  notes: Notes | [];
  created_at: number;
}

export type RazorpaySubscriptionStatus = 'created' | 'authenticated' | 'active' | 'pending' | 'halted' | 'cancelled' | 'completed' | 'expired';

export interface RazorpaySubscription {
  id: string;
  entity: 'subscription';
  plan_id: string;
  customer_id: string | null;
  status: RazorpaySubscriptionStatus;
  current_start: number | null;
  current_end: number | null;
  ended_at: number | null;
  quantity: number;
  notes: Notes | [];
  charge_at: number | null;
  start_at: number | null;
  end_at: number | null;
  auth_attempts: number;
  total_count: number;
  paid_count: number;
  customer_notify: boolean;
  created_at: number;
  expire_by: number | null;
  short_url: string;
  has_scheduled_changes: boolean;
  change_scheduled_at: number | null;
  source: 'api';
  payment_method: string | null;
  offer_id: string | null;
  remaining_count: number;
}

export interface RazorpayPayment {
  id: string;
  entity: 'payment';
  amount: number;
  currency: string;
  status: 'captured' | 'failed' | 'refunded';
  invoice_id: string;
  amount_refunded: number;
  refund_status: 'partial' | 'full' | null;
  [field: string]: unknown;
}

/** What the local provider remembers beyond the entities. */
export interface SubscriptionExtras {
  /** The subscription's own "now", moved by POST /_local/advance. */
  now: number;
  /** The first period started at `anchor`; the current one is number `cycle` (0 = first). */
  anchor: number;
  cycle: number;
  cancelAtCycleEnd: boolean;
  scheduledPlanId: string | null;
  failedAttempts: number;
  firstFailureAt: number | null;
}

/** A refund of (part of) a captured payment, as `POST /v1/payments/:id/refund` answers it. */
export interface RazorpayRefund {
  id: string;
  entity: 'refund';
  amount: number;
  currency: string;
  payment_id: string;
  notes: Notes;
  status: 'processed';
  created_at: number;
  [field: string]: unknown;
}

export interface RazorpayState {
  plans: Record<string, RazorpayPlan>;
  subscriptions: Record<string, RazorpaySubscription>;
  extras: Record<string, SubscriptionExtras>;
  payments: Record<string, RazorpayPayment>;
  refunds: Record<string, RazorpayRefund>;
  deliveries: PendingDelivery[];
}

export const emptyRazorpayState = (): RazorpayState => ({ plans: {}, subscriptions: {}, extras: {}, payments: {}, refunds: {}, deliveries: [] });
