import { list } from './stripe-objects.js';
import type { StripeCheckoutSession, StripeState } from './stripe-state.js';

/**
 * `expand[]=subscription`, `expand[]=items.data.price.product`, `expand[]=data.subscription` (lists):
 * ids along each dotted path are replaced by the objects they name, as Stripe does. A checkout
 * session's `line_items` exists only when expanded.
 */
const PREFIXES: Array<[string, keyof StripeState]> = [
  ['cs_', 'sessions'],
  ['sub_', 'subscriptions'],
  ['in_', 'invoices'],
  ['cus_', 'customers'],
  ['price_', 'prices'],
  ['prod_', 'products'],
  ['pm_', 'paymentMethods'],
  ['bps_', 'portalSessions'],
];

const lookup = (state: StripeState, id: string): unknown => {
  const entry = PREFIXES.find(([prefix]) => id.startsWith(prefix));
  if (!entry) return id;
  const table = state[entry[1]] as Record<string, unknown>;
  return structuredClone(table[id]) ?? id;
};

export const sessionLineItems = (state: StripeState, session: StripeCheckoutSession) => {
  const extras = state.sessionExtras[session.id];
  const data = (extras?.lineItems ?? []).map((line, index) => {
    const price = state.prices[line.price];
    const amount = (price?.unit_amount ?? 0) * line.quantity;
    const product = price ? state.products[price.product] : undefined;
    return {
      id: `li_${session.id.slice(3, 20)}${index}`,
      object: 'item',
      amount_discount: 0,
      amount_subtotal: amount,
      amount_tax: 0,
      amount_total: amount,
      currency: price?.currency ?? session.currency,
      description: product?.name ?? null,
      price: price ?? line.price,
      quantity: line.quantity,
    };
  });
  return list(`/v1/checkout/sessions/${session.id}/line_items`, data);
};

const walk = (state: StripeState, node: unknown, path: string[]): unknown => {
  if (path.length === 0 || node === null || typeof node !== 'object') return node;
  if (Array.isArray(node)) return node.map((element) => walk(state, element, path));
  const record = node as Record<string, unknown>;
  const [head, ...rest] = path as [string, ...string[]];
  let child = record[head];
  if (child === undefined && head === 'line_items' && record.object === 'checkout.session') {
    child = sessionLineItems(state, record as unknown as StripeCheckoutSession);
  }
  if (typeof child === 'string') child = lookup(state, child);
  record[head] = walk(state, child, rest);
  return record;
};

export const expand = <T>(state: StripeState, object: T, paths: string[]): T => {
  const copy = structuredClone(object);
  for (const path of paths) walk(state, copy, path.split('.'));
  return copy;
};
