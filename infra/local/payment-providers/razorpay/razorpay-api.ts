import { json, type Request, type Route } from '../http-kit.js';
import { nowSeconds } from '../ids.js';
import type { JsonStore } from '../json-store.js';
import type { RazorpayBilling } from './razorpay-billing.js';
import { buildPlan, buildSubscription, razorpayId } from './razorpay-entities.js';
import { RazorpayApiError, badField, noSuchId } from './razorpay-errors.js';
import type { Notes, RazorpayState } from './razorpay-state.js';

/** The `/v1` calls of docs/billing.md ("Provider calls the product makes"), as razorpay-node sends them (JSON). */
type Body = Record<string, unknown>;

const bodyOf = (request: Request): Body => {
  const text = request.body.toString('utf8');
  if (!text) return {};
  try {
    const parsed = JSON.parse(text) as unknown;
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed as Body;
  } catch {
    // fall through
  }
  throw new RazorpayApiError(400, 'The request body must be a JSON object.');
};

const integer = (body: Body, field: string, opts: { required?: boolean; min?: number } = {}): number | undefined => {
  const value = body[field];
  if (value === undefined || value === null || value === '') {
    if (opts.required) throw badField(field, `The ${field} field is required.`);
    return undefined;
  }
  const number = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
  if (typeof number !== 'number' || !Number.isInteger(number)) throw badField(field, `The ${field} must be an integer.`);
  if (opts.min !== undefined && number < opts.min) throw badField(field, `The ${field} must be at least ${opts.min}.`);
  return number;
};

const flag = (body: Body, field: string): boolean | undefined => {
  const value = body[field];
  if (value === undefined) return undefined;
  if (value === true || value === 1 || value === '1' || value === 'true') return true;
  if (value === false || value === 0 || value === '0' || value === 'false') return false;
  throw badField(field, `The ${field} field may have 0 or 1 only.`);
};

/** Razorpay notes: at most 15 key-value pairs, each value at most 256 characters. */
const notesOf = (body: Body): Notes => {
  const value = body.notes;
  if (value === undefined || value === null) return {};
  if (typeof value !== 'object' || Array.isArray(value)) throw badField('notes', 'notes should be an object.');
  const entries = Object.entries(value as Record<string, unknown>);
  if (entries.length > 15) throw badField('notes', 'Number of fields in notes should be less than or equal to 15');
  return Object.fromEntries(
    entries.map(([key, raw]) => {
      const text = typeof raw === 'number' || typeof raw === 'boolean' ? String(raw) : raw;
      if (typeof text !== 'string' || text.length > 256) throw badField('notes', `notes.${key} should be a string of at most 256 characters.`);
      return [key, text];
    }),
  );
};

const rejectUnknown = (body: Body, allowed: string[]) => {
  for (const key of Object.keys(body)) if (!allowed.includes(key)) throw badField(key, `${key} is/are not required and should not be sent`);
};

export const createRazorpayApiRoutes = (ctx: { store: JsonStore<RazorpayState>; billing: RazorpayBilling; publicUrl: () => string }): Route[] => {
  const state = () => ctx.store.state;
  const subscriptionOf = (id: string) => {
    const subscription = state().subscriptions[id];
    if (!subscription) throw noSuchId();
    return { subscription, extras: state().extras[id]! };
  };
  const collection = <T extends { created_at: number }>(items: T[], request: Request) => {
    const count = Math.min(Number(request.query.get('count') ?? 10) || 10, 100);
    const skip = Number(request.query.get('skip') ?? 0) || 0;
    const page = [...items].sort((a, b) => b.created_at - a.created_at).slice(skip, skip + count);
    return json(200, { entity: 'collection', count: page.length, items: page });
  };

  const createPlan = (request: Request) => {
    const body = bodyOf(request);
    rejectUnknown(body, ['period', 'interval', 'item', 'notes']);
    const period = body.period;
    if (period === undefined) throw badField('period', 'The period field is required.');
    if (period !== 'monthly' && period !== 'yearly') {
      throw badField('period', `period ${String(period)} is not in the local Razorpay's subset (monthly, yearly; see docs/billing.md)`);
    }
    const interval = integer(body, 'interval', { required: true, min: 1 }) as number;
    const item = body.item;
    if (!item || typeof item !== 'object' || Array.isArray(item)) throw badField('item', 'The item field is required.');
    const itemBody = item as Body;
    const name = itemBody.name;
    if (typeof name !== 'string' || name === '') throw badField('name', 'The name field is required.');
    const amount = integer(itemBody, 'amount', { required: true }) as number;
    if (amount < 100) throw badField('amount', 'The amount must be atleast INR 1.00');
    const currency = itemBody.currency;
    if (currency !== 'INR') throw badField('currency', 'The currency field is required and must be INR for the local Razorpay.');
    const description = typeof itemBody.description === 'string' ? itemBody.description : null;
    const plan = buildPlan({ period, interval, name, description, amount, currency, notes: notesOf(body), created: nowSeconds() });
    state().plans[plan.id] = plan;
    ctx.store.save();
    return json(200, plan);
  };

  const createSubscription = (request: Request) => {
    const body = bodyOf(request);
    rejectUnknown(body, ['plan_id', 'total_count', 'quantity', 'customer_notify', 'notes', 'expire_by', 'start_at', 'addons', 'offer_id']);
    const planId = body.plan_id;
    if (typeof planId !== 'string' || planId === '') throw badField('plan_id', 'The plan id field is required.');
    if (!state().plans[planId]) throw noSuchId();
    if (body.start_at !== undefined) throw badField('start_at', 'start_at is not in the local Razorpay\'s subset: subscriptions start when authenticated.');
    if (body.addons !== undefined || body.offer_id !== undefined) throw badField('addons', 'addons and offers are not in the local Razorpay\'s subset.');
    const totalCount = integer(body, 'total_count', { required: true, min: 1 }) as number;
    const now = nowSeconds();
    const expireBy = integer(body, 'expire_by') ?? null;
    if (expireBy !== null && expireBy <= now) throw badField('expire_by', 'expire_by should be a future timestamp');
    const subscription = buildSubscription({
      planId,
      totalCount,
      quantity: integer(body, 'quantity', { min: 1 }) ?? 1,
      customerNotify: flag(body, 'customer_notify') ?? true,
      notes: notesOf(body),
      expireBy,
      created: now,
      shortUrlBase: ctx.publicUrl(),
    });
    state().subscriptions[subscription.id] = subscription;
    state().extras[subscription.id] = { now, anchor: now, cycle: -1, cancelAtCycleEnd: false, scheduledPlanId: null, failedAttempts: 0, firstFailureAt: null };
    ctx.store.save();
    return json(200, subscription);
  };

  const cancelSubscription = (request: Request) => {
    const body = bodyOf(request);
    rejectUnknown(body, ['cancel_at_cycle_end']);
    const { subscription, extras } = subscriptionOf(request.params.id as string);
    if (['cancelled', 'completed', 'expired'].includes(subscription.status)) {
      throw badField('status', `Subscription is not cancellable in ${subscription.status} status.`);
    }
    if (flag(body, 'cancel_at_cycle_end') === true) {
      if (subscription.status !== 'active') throw badField('cancel_at_cycle_end', `Subscription cannot be cancelled at cycle end in ${subscription.status} status.`);
      // Stays active to the end of the paid cycle; cancelled (and subscription.cancelled sent) there.
      extras.cancelAtCycleEnd = true;
      ctx.store.save();
      return json(200, subscription);
    }
    Object.assign(subscription, { status: 'cancelled', ended_at: nowSeconds(), charge_at: null });
    ctx.store.save();
    ctx.billing.emit('subscription.cancelled', subscription);
    return json(200, subscription);
  };

  const updateSubscription = (request: Request) => {
    const body = bodyOf(request);
    rejectUnknown(body, ['plan_id', 'quantity', 'schedule_change_at', 'customer_notify', 'remaining_count', 'offer_id', 'start_at']);
    const { subscription, extras } = subscriptionOf(request.params.id as string);
    if (subscription.status !== 'active' && subscription.status !== 'authenticated') {
      throw badField('status', `Subscription can not be updated in ${subscription.status} status.`);
    }
    const when = body.schedule_change_at ?? 'now';
    if (when !== 'now' && when !== 'cycle_end') throw badField('schedule_change_at', 'schedule_change_at should be now or cycle_end');
    const planId = body.plan_id;
    if (planId !== undefined) {
      if (typeof planId !== 'string' || !state().plans[planId]) throw noSuchId();
      const current = state().plans[subscription.plan_id]!;
      const next = state().plans[planId]!;
      if (next.period !== current.period || next.interval !== current.interval) {
        throw badField('plan_id', 'The new plan must have the same billing period and interval as the current one.');
      }
    }
    const quantity = integer(body, 'quantity', { min: 1 });
    if (body.remaining_count !== undefined || body.offer_id !== undefined || body.start_at !== undefined) {
      throw badField('remaining_count', 'Only plan_id and quantity updates are in the local Razorpay\'s subset.');
    }
    if (when === 'cycle_end') {
      extras.scheduledPlanId = typeof planId === 'string' ? planId : subscription.plan_id;
      subscription.has_scheduled_changes = true;
      subscription.change_scheduled_at = subscription.current_end;
      if (quantity !== undefined) throw badField('quantity', 'A scheduled quantity change is not in the local Razorpay\'s subset.');
      ctx.store.save();
      return json(200, subscription);
    }
    if (typeof planId === 'string') subscription.plan_id = planId;
    if (quantity !== undefined) subscription.quantity = quantity;
    ctx.store.save();
    ctx.billing.emit('subscription.updated', subscription);
    return json(200, subscription);
  };

  const cancelScheduledChanges = (request: Request) => {
    const { subscription, extras } = subscriptionOf(request.params.id as string);
    extras.scheduledPlanId = null;
    subscription.has_scheduled_changes = false;
    subscription.change_scheduled_at = null;
    ctx.store.save();
    return json(200, subscription);
  };

  /** A partial or full refund of a captured payment (amount omitted: what is left of it). */
  const refundPayment = (request: Request) => {
    const payment = state().payments[request.params.id as string];
    if (!payment) throw noSuchId();
    const body = bodyOf(request);
    if (payment.status === 'failed') throw new RazorpayApiError(400, 'The payment has not been captured');
    const left = payment.amount - payment.amount_refunded;
    if (left <= 0) throw new RazorpayApiError(400, 'The payment has been fully refunded already');
    const amount = integer(body, 'amount', { min: 100 }) ?? left;
    if (amount > left) throw badField('amount', 'The refund amount provided is greater than amount captured');
    payment.amount_refunded += amount;
    payment.refund_status = payment.amount_refunded === payment.amount ? 'full' : 'partial';
    if (payment.refund_status === 'full') payment.status = 'refunded';
    const refund = {
      id: razorpayId('rfnd'),
      entity: 'refund' as const,
      amount,
      currency: payment.currency,
      payment_id: payment.id,
      notes: (body.notes && typeof body.notes === 'object' ? body.notes : {}) as Notes,
      receipt: typeof body.receipt === 'string' ? body.receipt : null,
      acquirer_data: { rrn: null },
      created_at: nowSeconds(),
      batch_id: null,
      status: 'processed' as const,
      speed_processed: 'normal',
      speed_requested: 'normal',
    };
    (state().refunds ??= {})[refund.id] = refund;
    ctx.store.save();
    return json(200, refund);
  };

  const fetchOne = <T>(table: () => Record<string, T>) => (request: Request) => {
    const found = table()[request.params.id as string];
    if (!found) throw noSuchId();
    return json(200, found);
  };

  return [
    { method: 'POST', pattern: '/v1/plans', handler: createPlan },
    { method: 'GET', pattern: '/v1/plans', handler: (request) => collection(Object.values(state().plans), request) },
    { method: 'GET', pattern: '/v1/plans/:id', handler: fetchOne(() => state().plans) },
    { method: 'POST', pattern: '/v1/subscriptions', handler: createSubscription },
    {
      method: 'GET',
      pattern: '/v1/subscriptions',
      handler: (request) => {
        const planId = request.query.get('plan_id');
        return collection(Object.values(state().subscriptions).filter((subscription) => !planId || subscription.plan_id === planId), request);
      },
    },
    { method: 'GET', pattern: '/v1/subscriptions/:id', handler: fetchOne(() => state().subscriptions) },
    { method: 'PATCH', pattern: '/v1/subscriptions/:id', handler: updateSubscription },
    { method: 'POST', pattern: '/v1/subscriptions/:id/cancel', handler: cancelSubscription },
    { method: 'POST', pattern: '/v1/subscriptions/:id/cancel_scheduled_changes', handler: cancelScheduledChanges },
    { method: 'GET', pattern: '/v1/payments/:id', handler: fetchOne(() => state().payments) },
    { method: 'POST', pattern: '/v1/payments/:id/refund', handler: refundPayment },
  ];
};
