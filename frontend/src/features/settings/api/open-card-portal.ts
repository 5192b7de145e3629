import { callApi } from '@/lib/api-client';

/**
 * POST /api/payments/card-portal (docs/billing.md "Card portal"): Stripe's customer portal for the
 * user's card subscription. The browser goes there; its "Return" link comes back to Settings.
 */
export const openCardPortal = async (): Promise<void> => {
  const { url } = await callApi('createCardPortalSession');
  window.location.assign(url);
};
