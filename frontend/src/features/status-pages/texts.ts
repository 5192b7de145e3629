import { countOf } from '@shared/texts.js';

/** The status-page screens' own texts, word for word (docs/status-pages.md "Managing pages"). */
export const STATUS_PAGE_TEXT = {
  title: 'Status pages',
  intro: 'Public pages where your own users see how your services are doing.',
  emptyTitle: 'No status pages yet',
  emptyExplain:
    'A status page is a public page at your own address where your users see whether your services are up and read what you tell them during an incident.',
  create: 'Create status page',
  edit: 'Edit status page',
  save: 'Save',
  cancel: 'Cancel',
  allPages: 'All status pages',
  failedToLoad: 'Failed to load your status pages',
  failedToLoadPage: 'Failed to load the status page',
  failedToSave: 'Failed to save the status page',
  failedToDelete: 'Failed to delete the status page',
  loading: 'Loading status pages…',
  loadingPage: 'Loading the status page…',
  notFoundTitle: 'Status page not found',
  notFoundText: 'There is no status page at this address in your account. The link may be wrong.',
  limitTitle: 'Status Page Limit Reached',
  upgradeYourPlan: 'Upgrade Your Plan',
  copy: 'Copy',
  copied: 'Copied',
  deleteTitle: 'Delete status page',
  // The form's fields.
  name: 'Page name',
  namePlaceholder: 'Acme status',
  slug: 'Slug',
  description: 'Description',
  descriptionHint: 'A sentence or two shown under the page name. Optional.',
  logoUrl: 'Logo URL',
  logoHint: 'An https:// address of your logo. Optional.',
  accentColour: 'Accent colour',
  accentPicker: 'Pick the accent colour',
  accentHint: 'A colour like #2563eb for the page’s accents. Leave it empty for the standard colour.',
  components: 'Components',
  componentsHint:
    'Tick the monitors the page shows. Each shows under its public name (the monitor’s name when left empty); components with the same group show together. The page lists them in this order.',
  yourMonitors: 'Your monitors',
  noMonitors: 'You have no monitors yet. Add one on the Monitors page, then choose it here.',
  failedToLoadMonitors: 'Your monitors could not be loaded; the page keeps the components it has.',
  loadingMonitors: 'Loading your monitors…',
  noneChosen: 'No components yet: tick the monitors the page should show.',
  displayName: 'Public name',
  group: 'Group',
  incidents: 'Incidents',
  showAutomatic: 'Show incidents the checks open',
  showAutomaticHint: 'On: an outage the checks find shows on the page at once. Off: the page shows only incidents you post an update to.',
  // Access (docs/status-pages.md "Private pages").
  access: 'Access',
  accessWho: 'Who can view this page',
  accessPublic: 'Public',
  accessPublicHint: 'Anyone with the address.',
  accessPassword: 'Password',
  accessPasswordHint: 'Visitors type a password you choose.',
  accessDomains: 'Allowed e-mail domains',
  accessDomainsHint: 'Visitors sign in with a link we e-mail to their address at one of your domains.',
  accessPasswordLabel: 'Page password',
  accessPasswordUnchanged: 'unchanged',
  accessPasswordKeepHint: 'Leave it empty to keep the password. A new one signs every visitor out.',
  accessPasswordNewHint: 'At least 8 characters. Share it with the people who may view the page.',
  accessDomainsLabel: 'Allowed domains',
  accessDomainsListHint: 'One per line, like example.com. Only addresses at exactly these domains get a link; changing the list signs every visitor out.',
  seePlans: 'See plans',
  accessKeptPrivate: 'This page stays private, as it was set.',
  accessMakePublic: 'Make this page public (anyone with the address can open it)',
} as const;

/** "1 of 3 status pages used". */
export const pagesUsedText = (used: number, limit: number): string => `${used} of ${countOf(limit, 'status page')} used`;

/** "3 components". */
export const componentsCountText = (count: number): string => countOf(count, 'component');

/** The confirmation of Delete: what goes and what stays. */
export const deleteConfirmText = (path: string): string =>
  `Its public address ${path} stops working at once and the slug is free for anyone to take. Your monitors and their incidents stay as they are. Maintenance windows set on this whole page are deleted with it. This cannot be undone.`;

/** The public address's line under the slug field. */
export const publicAddressText = (address: string): string => `Public address: ${address}`;

/** The page screen's Subscribers section, word for word (docs/status-pages.md "Subscribers"). */
export const SUBSCRIBERS_TEXT = {
  title: 'Subscribers',
  description: 'People who get an e-mail when an incident on this page starts, is updated or is resolved, and about maintenance.',
  exportCsv: 'Export CSV',
  failedToExport: 'Failed to export the subscribers',
  failedToLoad: 'Failed to load the subscribers',
  loading: 'Loading subscribers…',
  emptyTitle: 'No subscribers yet',
  emptyText:
    'Visitors subscribe with the “Get updates” form on your public page: they choose the whole page or some of its components and confirm from an e-mail. They can also follow the page’s Atom, RSS or JSON feed.',
  openPage: 'Open the public page',
  confirmed: 'Confirmed',
  pending: 'Pending',
  wholePage: 'Whole page',
  follows: 'Follows',
  loadMore: 'Load more',
  failedToLoadMore: 'Failed to load more subscribers',
  remove: 'Remove',
  removeTitle: 'Remove subscriber',
  failedToRemove: 'Failed to remove the subscriber',
} as const;

/** "12 confirmed · 3 pending". */
export const subscriberCountsText = (confirmed: number, pending: number): string => `${confirmed} confirmed · ${pending} pending`;

/** "Downloaded upwatch-subscribers-acme-2026-11-27.csv." */
export const subscribersExportedText = (filename: string): string => `Downloaded ${filename}.`;

/** Said after Remove, where the row was. */
export const subscriberRemovedText = (email: string): string => `Removed ${email}.`;

/** When the subscriber joined: a confirmed one since confirming, a pending one since asking. */
export const subscriberSinceText = (date: string): string => `Since ${date}`;

/** A component a subscriber follows that the page no longer shows. */
export const removedComponentsText = (count: number): string => countOf(count, 'removed component');

/** The confirmation of Remove: what it does, and that it can be undone by the visitor only. */
export const removeSubscriberConfirmText =
  'They get no more e-mails from this page at once. They can subscribe again from the public page, and will be asked to confirm again.';
