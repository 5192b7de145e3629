import { z } from 'zod';
import { TIER_IDS, TIERS, type TierId } from '../tiers.js';
import { PLAIN_OPTION_FIELDS } from './check-options.js';
import { DEFAULT_MONITOR_TYPE, MONITOR_TYPES, TYPE_FIELDS } from './monitor-types.js';
import { monitorTypeDefinitions } from './types/index.js';
import { DEFAULT_URL_SCHEME } from './monitor-url.js';
import { CHECK_INTERVAL_RANGE, DEFAULT_CHECK_INTERVAL, DEFAULT_TIMEOUT, TIMEOUT_RANGE } from './schemas.js';

/**
 * The bulk monitor upload's CSV format, defined once: the template call (GET /api/monitor-template),
 * the upload parser (user and admin uploads) and the upload modals all read these, by the rules of
 * docs/product-rules.md "Bulk upload" and "Operator bulk upload" (.csv only; user_email in the
 * admin's global mode; template samples at 60, 120 and 300 s). Each row must then pass the same rules as a monitor made
 * in the form (CreateMonitorInput, the plan's interval floor and monitor cap).
 */
export const BULK_UPLOAD = {
  /** Header and column order of the template. */
  columns: ['name', 'url', 'check_interval', 'timeout'],
  /**
   * Columns a file may add for request options and assertions (docs/checks.md), each optional and
   * named as in the API. Headers and basic auth are not taken from files: secrets do not belong in
   * spreadsheets; set them in the monitor's form.
   */
  optionalColumns: [...PLAIN_OPTION_FIELDS, 'monitor_type', ...TYPE_FIELDS] as const,
  /**
   * The header must have these; a row without a name is an error, and so is an HTTP row (the
   * default type) without a url. Other types leave url empty (docs/checks.md "Monitor types").
   */
  requiredColumns: ['name', 'url'],
  /** Only in the admin's global upload: the e-mail of the user who gets the row's monitor. */
  userEmailColumn: 'user_email',
  /**
   * Optional: the row's alert channels, by name or id, separated by `;` (docs/alerts.md "Which
   * channels a monitor uses"); empty: the account's default channels.
   */
  channelsColumn: 'channels',
  defaults: { check_interval: DEFAULT_CHECK_INTERVAL, timeout: DEFAULT_TIMEOUT },
  /** Seconds; the plan's floor (TIERS[...].minCheckIntervalSeconds) applies on top of `min`. */
  checkInterval: CHECK_INTERVAL_RANGE,
  /** Seconds; also no longer than the row's check_interval. */
  timeout: TIMEOUT_RANGE,
  /** Put in front of a url given without http:// or https:// (shared/monitors/monitor-url.ts, as for the form). */
  defaultScheme: DEFAULT_URL_SCHEME,
  /** The whole file, in bytes (1 MiB). */
  maxBytes: 1024 * 1024,
  /** Data rows, the header not counted. */
  maxRows: 500,
  fileExtension: '.csv',
  templateFilename: 'upwatch-monitors-template.csv',
} as const;

export type BulkUploadColumn = (typeof BULK_UPLOAD.columns)[number] | (typeof BULK_UPLOAD.optionalColumns)[number];

/**
 * What POST /api/monitors/bulk-upload answers (docs/product-rules.md "Bulk upload"). `total_processed`
 * counts the data rows (header and blank lines not counted) = successful + failed; `errors` holds
 * one "Row <line>: <reason>" per failed row, in file order (line 1 is the header).
 */
export interface BulkUploadResult {
  total_processed: number;
  successful: number;
  failed: number;
  created_monitors: { name: string; url: string; check_interval: number }[];
  errors: string[];
  /** File lines of the created monitors whose url had no scheme and got https:// (the result says so). */
  https_added_rows: number[];
}

/** What GET /api/monitor-template answers (docs/product-rules.md "Bulk upload"). */
export interface MonitorTemplate {
  content: string;
  filename: string;
  instructions: Record<string, string>;
}

/** The default samples (docs/product-rules.md "Bulk upload": 60, 120 and 300 s), the first row the one a 1-monitor plan keeps. */
const SAMPLE_ROWS: readonly (readonly [string, string, number, number])[] = [
  ['Company website', 'https://www.example.com', 300, 30],
  ['Online shop', 'shop.example.com', 120, 10],
  ['Status API', 'https://api.example.com/health', 60, 10],
];

/** GET /api/monitor-template?tier=: the plan to fit the samples to; without it, the default samples. */
export const MonitorTemplateQuery = z.object({
  tier: z.enum(TIER_IDS, { error: `tier must be one of ${TIER_IDS.join(', ')}` }).optional(),
});

/**
 * The sample rows for a plan, so the template uploads unchanged on it: each interval raised to the
 * plan's floor (the default 60/120/300 s where the plan allows them), and no more rows than the plan
 * has monitors. Without a plan, the three default samples.
 */
export const sampleRows = (tier?: TierId): (readonly [string, string, number, number])[] => {
  if (!tier) return [...SAMPLE_ROWS];
  const { minCheckIntervalSeconds: floor, monitorCap } = TIERS[tier];
  return SAMPLE_ROWS.slice(0, Math.max(1, monitorCap)).map(([name, url, interval, timeout]) => [name, url, Math.max(interval, floor), timeout] as const);
};

const tierList = (value: (tierId: (typeof TIER_IDS)[number]) => string): string =>
  TIER_IDS.map((id) => `${TIERS[id].name} ${value(id)}`).join(', ');

/** The types a row may name, and each type's own columns (its module's `csvHelp`). */
const monitorTypesInstruction = (): string => {
  const names = MONITOR_TYPES.map((type) => (type === DEFAULT_MONITOR_TYPE ? `${type} (the default)` : type));
  const helps = monitorTypeDefinitions().flatMap(({ csvHelp }) => (csvHelp ? [csvHelp] : [])).join('; ');
  return `monitor_type: ${names.slice(0, -1).join(', ')} or ${names.at(-1)}. ${helps.charAt(0).toUpperCase()}${helps.slice(1)}.`;
};

/** The template file and its rules in plain words, built from the constants above and the tiers (`tier`: fit to that plan). */
export const monitorTemplate = (tier?: TierId): MonitorTemplate => {
  const { checkInterval, timeout, defaults } = BULK_UPLOAD;
  const content = [BULK_UPLOAD.columns.join(','), ...sampleRows(tier).map((row) => row.join(','))].join('\n') + '\n';
  return {
    content,
    filename: BULK_UPLOAD.templateFilename,
    instructions: {
      format: `One monitor per line after the header line ${BULK_UPLOAD.columns.join(',')}. name and url are required; check_interval and timeout may be left empty to use their defaults.`,
      name: 'name: the monitor name shown in your dashboard.',
      url: `url: the address to check. http:// or https:// may be left out; ${BULK_UPLOAD.defaultScheme} is then used.`,
      check_interval: `check_interval: seconds between checks. Default ${defaults.check_interval}, at least ${checkInterval.min}, at most ${checkInterval.max}.`,
      plan_intervals: `Your plan sets the shortest check_interval in seconds: ${tierList((id) => String(TIERS[id].minCheckIntervalSeconds))}.`,
      timeout: `timeout: seconds to wait for the site to answer. Default ${defaults.timeout}, from ${timeout.min} to ${timeout.max}, and not longer than check_interval.`,
      plan_limits: `Monitors count against your plan's limit: ${tierList((id) => String(TIERS[id].monitorCap))}.`,
      advanced: `Optional columns for request options and assertions, named as in the API: ${BULK_UPLOAD.optionalColumns.join(', ')}. Empty cells mean the default; true/false columns take true, false, yes, no, 1 or 0. Headers and basic auth are set in the monitor's form, not in files.`,
      monitor_types: monitorTypesInstruction(),
      channels: `${BULK_UPLOAD.channelsColumn}: optional, the alert channels of the monitor by name, separated by ; (for example Ops Slack;On-call). Empty: your default channels.`,
      file: `Upload a ${BULK_UPLOAD.fileExtension} file of at most ${BULK_UPLOAD.maxBytes / (1024 * 1024)} MiB with at most ${BULK_UPLOAD.maxRows} monitors.`,
    },
  };
};
