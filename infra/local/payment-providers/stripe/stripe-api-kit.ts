import { parseForm } from '../form-params.js';
import { json, type Request } from '../http-kit.js';
import type { JsonStore } from '../json-store.js';
import type { StripeBilling } from './stripe-billing.js';
import { invalidParam, missingResource } from './stripe-errors.js';
import { expand } from './stripe-expand.js';
import { list } from './stripe-objects.js';
import { optionalInteger, rejectUnknown, stringArray, type Params } from './stripe-params.js';
import type { StripeState } from './stripe-state.js';

/**
 * What every `/v1` resource's routes are made with: the state, the billing that sends events and
 * expires sessions, the public URL.
 */
export interface StripeApiContext {
  store: JsonStore<StripeState>;
  billing: StripeBilling;
  publicUrl: () => string;
}

/** The request and reply handling the resources share: form parameters, expansion, lists, lookups. */
export const createStripeApiKit = (ctx: StripeApiContext) => {
  const state = () => ctx.store.state;
  const params = (request: Request): Params =>
    parseForm(request.method === 'GET' || request.method === 'DELETE' ? request.rawQuery : request.body.toString('utf8'));
  const expansions = (p: Params) => stringArray(p.expand, 'expand');
  const reply = (object: unknown, p: Params) => json(200, expand(state(), object, expansions(p)));
  const found = <T>(table: Record<string, T>, id: string, kind: string): T => {
    const object = table[id];
    if (!object) throw missingResource(kind, id);
    return object;
  };
  const limitOf = (p: Params) => {
    const limit = optionalInteger(p.limit, 'limit', 1) ?? 10;
    if (limit > 100) throw invalidParam('limit', 'This value must be less than or equal to 100.');
    return limit;
  };
  const newestFirst = <T extends { created: number }>(objects: T[]) => [...objects].sort((a, b) => b.created - a.created);
  const listReply = <T>(url: string, objects: T[], p: Params) => {
    const limit = limitOf(p);
    return json(200, expand(state(), list(url, objects.slice(0, limit), objects.length > limit), expansions(p)));
  };

  const retrieve = <T>(table: () => Record<string, T>, kind: string) => (request: Request) => {
    const p = params(request);
    rejectUnknown(p, ['expand']);
    return reply(found(table(), request.params.id as string, kind), p);
  };

  return { state, params, reply, found, newestFirst, listReply, retrieve };
};

export type StripeApiKit = ReturnType<typeof createStripeApiKit>;
