/** The five Settings sections (spec §2), in the order the sidebar and dropdown list them. */
export const SETTINGS_SECTIONS = [
  { id: 'profile', label: 'Profile' },
  { id: 'subscription', label: 'Subscription' },
  { id: 'notifications', label: 'Notifications' },
  { id: 'security', label: 'Security' },
  { id: 'export', label: 'Export Data' },
] as const;

export type SettingsSectionId = (typeof SETTINGS_SECTIONS)[number]['id'];

const isSectionId = (value: string | null): value is SettingsSectionId =>
  SETTINGS_SECTIONS.some((section) => section.id === value);

/**
 * The section the URL asks for (`?section=`), profile by default. A return from checkout carries
 * `upgraded` without a section; its banner belongs to the subscription section, so that one opens.
 */
export const sectionFromQuery = (params: URLSearchParams): SettingsSectionId => {
  const section = params.get('section');
  if (isSectionId(section)) return section;
  return params.has('upgraded') ? 'subscription' : 'profile';
};
