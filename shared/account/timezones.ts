import { z } from 'zod';

/**
 * Timezones of the Settings page's Display Timezone dropdown (docs/product-rules.md "Settings"): every zone the runtime
 * knows, each with its short current offset ("GMT+5:30"); a zone whose offset cannot be produced is
 * listed without one. The list comes from Intl, so it is as current as the runtime's time-zone data.
 */
export interface TimezoneOption {
  /** IANA name, the value to save (`PUT /api/user/preferences {timezone}`). */
  value: string;
  /** What the dropdown shows: "America/New York (GMT-4)", or just the name without an offset. */
  label: string;
  /** Short offset right now ("GMT-4", "GMT+5:30", "GMT+0"); null when it cannot be produced. */
  offset: string | null;
}

export interface TimezoneList {
  common_timezones: TimezoneOption[];
  /** The user's saved timezone, `DEFAULT_TIMEZONE` when none was saved. */
  current_timezone: string;
}

export const DEFAULT_TIMEZONE = 'UTC';

/**
 * Old IANA names some runtimes still list (Node 20's ICU lists Asia/Calcutta and Europe/Kiev) and
 * the current names that replaced them: the list shows, and a choice stores, the current one.
 * Intl formats with either, so nothing else changes.
 */
export const CURRENT_ZONE_NAMES: Readonly<Record<string, string>> = {
  'Asia/Calcutta': 'Asia/Kolkata',
  'Europe/Kiev': 'Europe/Kyiv',
  'Asia/Saigon': 'Asia/Ho_Chi_Minh',
  'Asia/Katmandu': 'Asia/Kathmandu',
  'Asia/Rangoon': 'Asia/Yangon',
  'Asia/Dacca': 'Asia/Dhaka',
  'Asia/Thimbu': 'Asia/Thimphu',
  'Asia/Ulan_Bator': 'Asia/Ulaanbaatar',
  'Asia/Macao': 'Asia/Macau',
  'Atlantic/Faeroe': 'Atlantic/Faroe',
  'America/Godthab': 'America/Nuuk',
  'America/Buenos_Aires': 'America/Argentina/Buenos_Aires',
  'America/Indianapolis': 'America/Indiana/Indianapolis',
  'America/Louisville': 'America/Kentucky/Louisville',
  'Pacific/Truk': 'Pacific/Chuuk',
  'Pacific/Ponape': 'Pacific/Pohnpei',
  'Pacific/Enderbury': 'Pacific/Kanton',
  'Europe/Uzhgorod': 'Europe/Kyiv',
  'Europe/Zaporozhye': 'Europe/Kyiv',
};

/** The current IANA name of `zone` (itself when it is current). */
export const currentZoneName = (zone: string): string => CURRENT_ZONE_NAMES[zone] ?? zone;

/** Zone names the runtime supports, by their current names, UTC first (Intl lists it only under other names). */
export const availableTimezones = (): string[] => [
  DEFAULT_TIMEZONE,
  ...new Set(
    Intl.supportedValuesOf('timeZone')
      .map(currentZoneName)
      .filter((zone) => zone !== DEFAULT_TIMEZONE),
  ),
];

// Building a formatter costs far more than using one; offsets change with DST, formatters do not.
const offsetFormatters = new Map<string, Intl.DateTimeFormat | null>();

const offsetFormatter = (zone: string): Intl.DateTimeFormat | null => {
  if (!offsetFormatters.has(zone)) {
    let formatter: Intl.DateTimeFormat | null = null;
    try {
      formatter = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'shortOffset' });
    } catch {
      // an unknown zone, or a runtime without 'shortOffset': listed without an offset
    }
    offsetFormatters.set(zone, formatter);
  }
  return offsetFormatters.get(zone) ?? null;
};

/** "GMT+5:30" for `zone` at `at`, or null when the runtime cannot say. */
export const shortOffset = (zone: string, at: Date): string | null => {
  try {
    return offsetFormatter(zone)?.formatToParts(at).find((part) => part.type === 'timeZoneName')?.value ?? null;
  } catch {
    return null;
  }
};

export const timezoneOption = (zone: string, at: Date): TimezoneOption => {
  const offset = shortOffset(zone, at);
  const name = zone.replaceAll('_', ' ');
  return { value: zone, label: offset ? `${name} (${offset})` : name, offset };
};

export const timezoneOptions = (at: Date, zones: readonly string[] = availableTimezones()): TimezoneOption[] =>
  zones.map((zone) => timezoneOption(zone, at));

const isKnownToIntl = (zone: string): boolean => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
};

/**
 * The zone to store for `input`, or null when it is unknown. A listed zone is kept as written (a
 * different spelling of its case is corrected to the listed one); a name the list does not carry
 * but Intl knows (an alias such as "Asia/Kolkata" where the runtime lists "Asia/Calcutta", or the
 * other way round) is kept as sent, so what the user chose is what they see.
 */
export const resolveTimezone = (raw: string, zones: readonly string[] = availableTimezones()): string | null => {
  // An old name (Asia/Calcutta) is stored as its current one (Asia/Kolkata).
  const input = currentZoneName(raw);
  if (zones.includes(input)) return input;
  const listed = zones.find((zone) => zone.toLowerCase() === input.toLowerCase());
  if (listed) return listed;
  return isKnownToIntl(input) ? input : null;
};

export const UpdateUserPreferencesInput = z.object({
  timezone: z
    .string({ error: 'timezone is required' })
    .trim()
    .min(1, 'timezone is required')
    .max(64, 'timezone is too long (64 characters at most)')
    .transform((value, ctx) => {
      const zone = resolveTimezone(value);
      if (zone === null) {
        ctx.addIssue({
          code: 'custom',
          message: `Unknown timezone: ${value}. Choose one from the list, e.g. Europe/London or America/New_York`,
        });
        return z.NEVER;
      }
      return zone;
    }),
});
export type UpdateUserPreferencesInput = z.output<typeof UpdateUserPreferencesInput>;

export interface UserPreferences {
  timezone: string;
}
