import type { Route } from '../http-kit.js';
import { newId, nowSeconds } from '../ids.js';
import { missingResource, unsupported } from './stripe-errors.js';
import { optionalString, rejectUnknown, requiredString, validUrl } from './stripe-params.js';
import type { StripeApiContext, StripeApiKit } from './stripe-api-kit.js';
import type { StripePortalSession } from './stripe-state.js';

/**
 * The local Stripe's one portal configuration: the test-mode default a Stripe account gets once its
 * customer portal is set up in the Dashboard (update payment method on, invoice history on).
 */
export const LOCAL_PORTAL_CONFIGURATION = 'bpc_upwatch_local_default';

/** `POST /v1/billing_portal/sessions`: a customer portal session whose `url` is the local portal page. */
export const createStripePortalRoutes = (ctx: StripeApiContext, kit: StripeApiKit): Route[] => {
  const { state, params, reply } = kit;
  return [
    {
      method: 'POST',
      pattern: '/v1/billing_portal/sessions',
      handler: (request) => {
        const p = params(request);
        rejectUnknown(p, ['customer', 'return_url', 'configuration', 'locale', 'on_behalf_of', 'flow_data', 'expand']);
        if (p.flow_data !== undefined) throw unsupported('flow_data (deep links into the portal)', 'flow_data');
        if (p.on_behalf_of !== undefined) throw unsupported('on_behalf_of (Connect)', 'on_behalf_of');
        const customer = requiredString(p.customer, 'customer');
        if (!state().customers[customer]) throw missingResource('customer', customer, 'customer');
        const configuration = optionalString(p.configuration, 'configuration') ?? LOCAL_PORTAL_CONFIGURATION;
        if (configuration !== LOCAL_PORTAL_CONFIGURATION) throw missingResource('billing_portal.configuration', configuration, 'configuration');
        const id = newId('bps', 24);
        const session: StripePortalSession = {
          id,
          object: 'billing_portal.session',
          configuration,
          created: nowSeconds(),
          customer,
          customer_account: null,
          flow: null,
          livemode: false,
          locale: optionalString(p.locale, 'locale') ?? null,
          on_behalf_of: null,
          return_url: p.return_url === undefined ? null : validUrl(requiredString(p.return_url, 'return_url'), 'return_url'),
          url: `${ctx.publicUrl()}/p/session/${id}`,
        };
        state().portalSessions[id] = session;
        ctx.store.save();
        return reply(session, p);
      },
    },
  ];
};
