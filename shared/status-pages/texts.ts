import { countOf } from '../texts.js';
import type { Tier } from '../tiers.js';

/**
 * The management API's refusals, worded once so the server's `detail` and the app's screens say
 * the same (docs/status-pages.md "Pages and components", "Plans").
 */

/** A slug another page (of any account) holds: 409. */
export const STATUS_SLUG_TAKEN_TEXT = 'This address is already taken; please choose another slug';

/** A monitor named twice among one page's components: 400. */
export const DUPLICATE_COMPONENT_TEXT = 'A monitor can be shown only once on a page';

/** Why one more page cannot be created at the plan's cap: the server's 403 detail and the app's upgrade view say the same. */
export const statusPageLimitReachedText = (tier: Tier): string =>
  `Status page limit reached: your ${tier.name} plan allows ${countOf(tier.statusPageCap, 'status page')}. Upgrade your plan to add more.`;

/** An incident's title on the public page, in plain words about the component, never about checks or regions. */
export const publicIncidentTitle = (alertType: 'down' | 'slow', componentName: string): string =>
  alertType === 'down' ? `${componentName} is down` : `${componentName} is slower than usual`;

/** An unknown slug (the JSON's 404 detail). */
export const STATUS_PAGE_NOT_FOUND_TEXT = 'Status page not found';

/** A subscriber's chosen component that is not on the page (docs/status-pages.md "Subscribers"): 400 on `component_ids`. */
export const UNKNOWN_SUBSCRIBER_COMPONENT_TEXT = 'Choose components shown on this page';
