import { AppError } from '../../../shared/errors.js';
import type { CardPortalSession } from '../../../shared/billing/receipts.js';
import { stripe } from '../../clients/stripe.js';
import { config } from '../../config.js';
import { getSubscription } from '../../repositories/subscription-repository.js';
import type { CallerContext } from '../context.js';
import { subscriptionSettingsLink } from './billing-emails.js';

/** Said to a caller with no live card subscription (UPI, an operator-set plan, or none). */
export const NO_CARD_TO_CHANGE = 'Only a plan paid by card has a card to change. UPI payments are managed in your UPI app.';

/**
 * POST /api/payments/card-portal (docs/billing.md "Card portal"): a Stripe customer portal session
 * for the caller's own card subscription, where they change the card and see Stripe's invoices;
 * its "Return" link leads back to Settings > Subscription. The customer is read from the provider's
 * subscription (our record keeps only its id), so nobody reaches another customer's portal.
 */
export const createCardPortal = async ({ ctx }: { ctx: CallerContext }): Promise<CardPortalSession> => {
  const record = await getSubscription(ctx.workspaceId);
  if (!record || record.gateway !== 'stripe' || record.status === 'ended') throw new AppError('CONFLICT', NO_CARD_TO_CHANGE);
  const client = await stripe();
  const subscription = await client.subscriptions.retrieve(record.provider_subscription_id);
  const customer = typeof subscription.customer === 'string' ? subscription.customer : subscription.customer.id;
  const session = await client.billingPortal.sessions.create({ customer, return_url: subscriptionSettingsLink(config().appUrl) });
  return { url: session.url };
};
