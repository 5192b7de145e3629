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
