import { areaHandler } from '../../http/area-handler.js';
import { enforceIpLimit } from '../../http/ip-limits.js';
import { handler as createStatusPage } from './create-status-page.js';
import { handler as deleteStatusPage } from './delete-status-page.js';
import { handler as getPublicStatusPage } from './get-public-status-page.js';
import { atomHandler as getStatusFeedAtom, jsonHandler as getStatusFeedJson, rssHandler as getStatusFeedRss } from './get-status-feed.js';
import { handler as getStatusPage } from './get-status-page.js';
import { handler as listStatusPages } from './list-status-pages.js';
import { handler as renderStatusPage } from './render-status-page.js';
import { handler as updateStatusPage } from './update-status-page.js';
import { deleteHandler as deleteStatusPageSubscriber, exportHandler as exportStatusPageSubscribers, listHandler as listStatusPageSubscribers } from './status-page-subscribers.js';
import { formHandler as subscribeToStatusPageForm, handler as subscribeToStatusPage } from './subscribe-to-status-page.js';
import { confirmHandler as confirmSubscription, handler as getSubscriptionConfirmation } from './subscription-confirmation.js';
import { handler as getUnsubscribe, unsubscribeHandler as unsubscribe } from './unsubscribe.js';

/** Status pages (docs/status-pages.md): the owner's management routes, the public page's JSON, HTML and feeds, and its subscribers. */
export const handler = areaHandler('status', {
  listStatusPages,
  createStatusPage,
  getStatusPage,
  updateStatusPage,
  deleteStatusPage,
  getPublicStatusPage,
  renderStatusPage,
  getStatusFeedAtom,
  getStatusFeedRss,
  getStatusFeedJson,
  subscribeToStatusPage,
  subscribeToStatusPageForm,
  getSubscriptionConfirmation,
  confirmSubscription,
  getUnsubscribe,
  unsubscribe,
  listStatusPageSubscribers,
  exportStatusPageSubscribers,
  deleteStatusPageSubscriber,
}, enforceIpLimit);
