import { areaHandler } from '../../http/area-handler.js';
import { handler as cancelCheckout } from './cancel-checkout.js';
import { handler as cancelSubscription } from './cancel-subscription.js';
import { handler as createCardPortalSession } from './create-card-portal-session.js';
import { handler as createCheckoutSession } from './create-checkout-session.js';
import { handler as downgradeSubscription } from './downgrade-subscription.js';
import { handler as downloadReceipt } from './download-receipt.js';
import { handler as getCheckoutStatus } from './get-checkout-status.js';
import { handler as listPaymentHistory } from './list-payment-history.js';
import { handler as resumeSubscription } from './resume-subscription.js';
import { razorpayWebhook, stripeWebhook } from './webhooks.js';

export const handler = areaHandler('billing', {
  createCheckoutSession,
  getCheckoutStatus,
  stripeWebhook,
  razorpayWebhook,
  downgradeSubscription,
  cancelSubscription,
  resumeSubscription,
  listPaymentHistory,
  cancelCheckout,
  downloadReceipt,
  createCardPortalSession,
});
