/**
 * The words of the public status page besides the banner's (OVERALL_STATE_TEXT in
 * shared/status-pages/schemas.ts) and the update statuses' (INCIDENT_UPDATE_STATUS_TEXT), in one
 * place (docs/status-pages.md "The public page").
 */
import type { ImpactLevel } from '../../../../shared/incidents/updates.js';
import type { PublicDay } from '../../../../shared/status-pages/public-page.js';
import type { ComponentState } from '../../../../shared/status-pages/public-page.js';

export const PAGE_TEXT = {
  /** The document title: "Acme status", or the name alone when it already says so ("Acme Status"). */
  title: (name: string) => (/\bstatus$/i.test(name) ? name : `${name} status`),
  defaultDescription: (name: string) => `${name}: current status, uptime over the last 90 days and incident history.`,
  skipToContent: 'Skip to content',
  logoAlt: (name: string) => `${name} logo`,
  updated: 'Updated',
  componentsHeading: 'Components',
  noComponents: 'This page has no components yet.',
  uptime90: (percent: string) => `${percent} uptime over 90 days`,
  noUptimeYet: 'No uptime data yet',
  barsLabel: (name: string) => `${name}: daily uptime, last 90 days`,
  ninetyDaysAgo: '90 days ago',
  thirtyDaysAgo: '30 days ago',
  today: 'Today',
  dayUptime: (percent: string) => `${percent} uptime`,
  dayMoreIncidents: (count: number) => `And ${count} more.`,
  activeMaintenanceHeading: 'Maintenance in progress',
  upcomingMaintenanceHeading: 'Upcoming maintenance',
  maintenanceAffects: 'Affects',
  incidentsHeading: 'Incidents in the last 90 days',
  noIncidents: 'No incidents in the last 90 days.',
  incidentOpen: 'Ongoing',
  incidentResolved: 'Resolved',
  incidentStarted: 'Started',
  incidentResolvedAt: 'Resolved',
  incidentNoUpdates: 'No updates posted yet.',
  olderIncidents: (count: number) => (count === 1 ? 'And 1 older incident in the last 90 days.' : `And ${count} older incidents in the last 90 days.`),
  poweredBy: 'Powered by',
  feedLabel: { atom: 'Atom', rss: 'RSS', json: 'JSON' },
  feedTitle: (title: string, format: string) => `${title} (${format})`,
  notFoundTitle: 'Status page not found',
  notFoundBody: 'There is no status page at this address. Check the link, or ask the site owner for the right one.',
  notFoundHome: 'Go to the Upwatch home page',
  liveBannerChanged: 'Status changed:',
} as const;

/** A component's state as its row reads it. */
export const COMPONENT_STATE_TEXT: Readonly<Record<ComponentState, string>> = {
  operational: 'Operational',
  degraded: 'Degraded performance',
  partial_outage: 'Partial outage',
  major_outage: 'Major outage',
  maintenance: 'Under maintenance',
};

/** A day's worst state, as the bar's panel reads it. */
export const DAY_STATE_TEXT: Readonly<Record<PublicDay['state'], string>> = {
  operational: 'No incidents',
  degraded: 'Degraded performance',
  partial_outage: 'Partial outage',
  major_outage: 'Major outage',
  maintenance: 'Maintenance',
  no_data: 'No data',
};

/** An incident's impact on one component. */
export const IMPACT_TEXT: Readonly<Record<ImpactLevel, string>> = {
  degraded: 'degraded performance',
  partial: 'partial outage',
  major: 'major outage',
};

/**
 * The words of the page's "Get updates" section and its script (docs/status-pages.md
 * "Subscribers"); what the server answers a subscription is SUBSCRIBER_TEXTS'.
 */
export const SUBSCRIBE_FORM_TEXT = {
  headerLink: 'Get updates',
  heading: 'Get updates',
  intro: 'Get an e-mail when an incident starts, is updated or is resolved, and when maintenance is planned, starts or ends.',
  email: 'Email address',
  follow: 'Send me updates about',
  wholePage: 'The whole page',
  chosenComponents: 'Only the components I choose',
  submit: 'Subscribe',
  confirmNote: 'We will e-mail you a link to confirm. Every e-mail has a link to unsubscribe in one click.',
  feeds: 'Or follow in a feed reader:',
  chooseComponent: 'Choose at least one component, or choose the whole page.',
  failed: 'We could not subscribe you just now. Please try again.',
} as const;
