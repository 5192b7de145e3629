import type { Request, Route } from '../http-kit.js';
import { nowSeconds } from '../ids.js';
import { invalidParam, missingParam, unsupported } from './stripe-errors.js';
import { buildPrice, buildProduct } from './stripe-objects.js';
import {
  metadataUpdate,
  optionalBoolean,
  optionalInteger,
  optionalObject,
  optionalString,
  rejectUnknown,
  requiredString,
  stringArray,
} from './stripe-params.js';
import type { StripeApiContext, StripeApiKit } from './stripe-api-kit.js';

/** `/v1/prices`: create (with an inline product), list by lookup key, retrieve. */
export const createStripePriceRoutes = (ctx: StripeApiContext, kit: StripeApiKit): Route[] => {
  const { state, params, reply, found, newestFirst, listReply, retrieve } = kit;

  const createPrice = (request: Request) => {
    const p = params(request);
    rejectUnknown(p, ['currency', 'unit_amount', 'recurring', 'product', 'product_data', 'lookup_key', 'transfer_lookup_key', 'nickname', 'metadata', 'active', 'expand']);
    const currency = requiredString(p.currency, 'currency').toLowerCase();
    const unitAmount = optionalInteger(p.unit_amount, 'unit_amount');
    if (unitAmount === undefined) throw missingParam('unit_amount');
    const recurring = optionalObject(p.recurring, 'recurring');
    if (!recurring) throw unsupported('One-time prices are not supported; pass recurring[interval]', 'recurring');
    const interval = requiredString(recurring.interval, 'recurring[interval]');
    if (interval !== 'month' && interval !== 'year') throw unsupported(`recurring[interval]=${interval}: only month and year`, 'recurring[interval]');
    if ((optionalInteger(recurring.interval_count, 'recurring[interval_count]', 1) ?? 1) !== 1) throw unsupported('recurring[interval_count] other than 1', 'recurring[interval_count]');
    const now = nowSeconds();
    let productId = optionalString(p.product, 'product');
    if (productId) found(state().products, productId, 'product');
    else {
      const productData = optionalObject(p.product_data, 'product_data');
      if (!productData) throw missingParam('product');
      const product = buildProduct(requiredString(productData.name, 'product_data[name]'), now);
      state().products[product.id] = product;
      productId = product.id;
    }
    const lookupKey = optionalString(p.lookup_key, 'lookup_key') ?? null;
    const holder = lookupKey ? Object.values(state().prices).find((price) => price.lookup_key === lookupKey) : undefined;
    if (holder) {
      if (optionalBoolean(p.transfer_lookup_key, 'transfer_lookup_key') !== true) {
        throw invalidParam('lookup_key', `A price (\`${holder.id}\`) already uses that lookup key.`);
      }
      holder.lookup_key = null;
    }
    const price = buildPrice({
      product: productId,
      currency,
      unitAmount,
      interval,
      lookupKey,
      nickname: optionalString(p.nickname, 'nickname') ?? null,
      metadata: metadataUpdate({}, p.metadata),
      created: now,
    });
    state().prices[price.id] = price;
    ctx.store.save();
    return reply(price, p);
  };

  const listPrices = (request: Request) => {
    const p = params(request);
    rejectUnknown(p, ['lookup_keys', 'active', 'currency', 'product', 'type', 'limit', 'expand', 'starting_after', 'ending_before']);
    const lookupKeys = p.lookup_keys === undefined ? undefined : stringArray(p.lookup_keys, 'lookup_keys');
    const active = optionalBoolean(p.active, 'active');
    const currency = optionalString(p.currency, 'currency');
    const product = optionalString(p.product, 'product');
    const prices = newestFirst(Object.values(state().prices)).filter(
      (price) =>
        (!lookupKeys || (price.lookup_key !== null && lookupKeys.includes(price.lookup_key))) &&
        (active === undefined || price.active === active) &&
        (!currency || price.currency === currency) &&
        (!product || price.product === product),
    );
    return listReply('/v1/prices', prices, p);
  };

  return [
    { method: 'GET', pattern: '/v1/prices', handler: listPrices },
    { method: 'POST', pattern: '/v1/prices', handler: createPrice },
    { method: 'GET', pattern: '/v1/prices/:id', handler: retrieve(() => state().prices, 'price') },
  ];
};
