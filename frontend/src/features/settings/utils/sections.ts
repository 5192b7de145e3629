import type { RouteName } from '@shared/api/routes';

/**
 * The Settings sections (docs/product-rules.md "Settings"; API: docs/api.md "Authentication"), in
 * the order the sidebar and dropdown list them. A section that only shows what one route answers
 * names it as `readsRoute`: it is listed only to a person whose workspace role may call that route
 * (docs/teams.md "Roles"), so a member is not offered a screen that would answer 403.
 */
export const SETTINGS_SECTIONS = [
  { id: 'profile', label: 'Profile' },
  { id: 'subscription', label: 'Subscription' },
  { id: 'notifications', label: 'Notifications' },
  { id: 'members', label: 'Members' },
  { id: 'security', label: 'Security' },
  { id: 'export', label: 'Export Data' },
  { id: 'sla', label: 'SLA reports', readsRoute: 'listSlaMonths' },
  { id: 'audit', label: 'Audit log', readsRoute: 'listWorkspaceAuditLog' },
  { id: 'api', label: 'API', readsRoute: 'listApiKeys' },
] as const satisfies readonly { id: string; label: string; readsRoute?: RouteName }[];

export type SettingsSectionId = (typeof SETTINGS_SECTIONS)[number]['id'];

const isSectionId = (value: string | null): value is SettingsSectionId =>
  SETTINGS_SECTIONS.some((section) => section.id === value);

/** The query parameters of a return from checkout (docs/product-rules.md "Payment verification"); the subscription section handles them. */
const CHECKOUT_RETURN_PARAMS = ['session_id', 'subscription_id', 'success', 'cancelled', 'upgraded'] as const;

/**
 * The section the URL asks for (`?section=`), profile by default. A return from checkout may come
 * without a section; its banners belong to the subscription section, so that one opens.
 */
export const sectionFromQuery = (params: URLSearchParams): SettingsSectionId => {
  const section = params.get('section');
  if (isSectionId(section)) return section;
  return CHECKOUT_RETURN_PARAMS.some((name) => params.has(name)) ? 'subscription' : 'profile';
};
