import { areaHandler } from '../../http/area-handler.js';
import { enforceIpLimit } from '../../http/ip-limits.js';
import { handler as createStatusPage } from './create-status-page.js';
import { handler as deleteStatusPage } from './delete-status-page.js';
import { handler as getPublicStatusPage } from './get-public-status-page.js';
import { atomHandler as getStatusFeedAtom, jsonHandler as getStatusFeedJson, rssHandler as getStatusFeedRss } from './get-status-feed.js';
import { handler as getStatusPage } from './get-status-page.js';
import { handler as listStatusPages } from './list-status-pages.js';
import { handler as openStatusPageAccessLink } from './open-status-page-access-link.js';
import { handler as requestStatusPageAccess } from './request-status-page-access.js';
import { handler as renderStatusPage } from './render-status-page.js';
import { handler as updateStatusPage } from './update-status-page.js';

/** Status pages (docs/status-pages.md): the owner's management routes and the public page's JSON, HTML and feeds, and a private page's sign-in. */
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
  requestStatusPageAccess,
  openStatusPageAccessLink,
}, enforceIpLimit);
