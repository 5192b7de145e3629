import { z } from 'zod';
import { plainName } from '../validation.js';
import { AlertRulesInput, type AlertRules } from '../alerts/rules.js';
import type { IncidentRecord } from '../checks/monitor-state.js';
import { DEFAULT_SLOW_THRESHOLD_MS } from '../checks/dispatch.js';
import { TEXT } from '../texts.js';
import { effectiveSlowThresholdMs } from './check-option-rules.js';
import { CheckOptionsInput, type CheckOptionsView } from './check-options.js';
import type { MonitorSsl } from './monitor-ssl.js';
import { MonitorTypeInput, type MonitorTypeView } from './monitor-types.js';
import { withDefaultScheme } from './monitor-url.js';
import { nonPublicNameReason } from '../checks/internal-names.js';
import { DEFAULT_MONITOR_TYPE, monitorTypeDefinition } from './types/index.js';
import { TIER_IDS, TIERS } from '../tiers.js';

/** The form's interval choices in seconds (docs/product-rules.md "Validation rules"); the server accepts any whole second in range. */
export const CHECK_INTERVAL_OPTIONS = [60, 300, 600, 900, 1800, 3600] as const;
export const TIMEOUT_OPTIONS = [10, 30, 60] as const;
/**
 * What the form's interval select offers (docs/product-rules.md "Intervals and timeouts"): the
 * usual steps and every plan's floor (shared/tiers.ts), so a plan's shortest interval is always a
 * choice (Business and Enterprise: 30-second checks) without a second copy of the floors here.
 */
export const FORM_INTERVAL_CHOICES: readonly number[] = [
  ...new Set([...TIER_IDS.map((id) => TIERS[id].minCheckIntervalSeconds), ...CHECK_INTERVAL_OPTIONS]),
].sort((a, b) => a - b);
export const DEFAULT_CHECK_INTERVAL = 300;
export const DEFAULT_TIMEOUT = 30;
/** docs/product-rules.md "Intervals and timeouts": interval minimum 30 s; timeout 5..300 s. The 1-hour top matches the form. */
export const CHECK_INTERVAL_RANGE = { min: 30, max: 3600 } as const;
export const TIMEOUT_RANGE = { min: 5, max: 300 } as const;
export const MONITORS_PAGE_SIZE = 12;
/**
 * A check answered in more than this many seconds is slow: the monitor shows Degraded at once, and
 * a slow incident opens after a few slow rounds in a row (shared/checks/monitor-state.ts). Per
 * monitor, default 5 s, never longer than the monitor's timeout (a slower answer is a timeout).
 */
export const DEFAULT_SLOW_THRESHOLD = DEFAULT_SLOW_THRESHOLD_MS / 1000;
export const SLOW_THRESHOLD_RANGE = { min: 0.1, max: TIMEOUT_RANGE.max } as const;

const isHttpUrl = (value: string): boolean => {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0;
  } catch {
    return false;
  }
};

/** A monitor's address: without a scheme it takes https:// (`withDefaultScheme`, the CSV upload's too), then it must be http(s). */
export const MonitorUrl = z
  .string({ error: TEXT.invalidUrl })
  .trim()
  .max(2048, 'URL is too long (2048 characters at most)')
  .transform(withDefaultScheme)
  .refine(isHttpUrl, TEXT.invalidUrl)
  // Names under the special-use and private suffixes, in the form as on the server (docs/security.md "SSRF").
  .superRefine((value, ctx) => {
    // Only a URL the rule above took has a host to judge (zod runs this after a failed refine too).
    if (!isHttpUrl(value)) return;
    const reason = nonPublicNameReason(new URL(value).hostname, { allowTestNames: true });
    if (reason) ctx.addIssue({ code: 'custom', message: reason });
  });

export const MonitorName = plainName(
  z
    .string({ error: 'Monitor name is required' })
    .trim()
    .min(1, 'Monitor name is required')
    .max(100, 'Monitor name is too long (100 characters at most)'),
);

export const CheckInterval = z
  .number({ error: 'Check interval must be a number of seconds' })
  .int('Check interval must be a whole number of seconds')
  .min(CHECK_INTERVAL_RANGE.min, `Check interval must be at least ${CHECK_INTERVAL_RANGE.min} seconds`)
  .max(CHECK_INTERVAL_RANGE.max, `Check interval must be at most ${CHECK_INTERVAL_RANGE.max} seconds`);

export const CheckTimeout = z
  .number({ error: 'Timeout must be a number of seconds' })
  .int('Timeout must be a whole number of seconds')
  .min(TIMEOUT_RANGE.min, `Timeout must be at least ${TIMEOUT_RANGE.min} seconds`)
  .max(TIMEOUT_RANGE.max, `Timeout must be at most ${TIMEOUT_RANGE.max} seconds`);

export const SlowThreshold = z
  .number({ error: 'Slow threshold must be a number of seconds' })
  .min(SLOW_THRESHOLD_RANGE.min, `Slow threshold must be at least ${SLOW_THRESHOLD_RANGE.min} seconds`)
  .max(SLOW_THRESHOLD_RANGE.max, `Slow threshold must be at most ${SLOW_THRESHOLD_RANGE.max} seconds`)
  // Stored in whole milliseconds.
  .transform((seconds) => Math.round(seconds * 1000) / 1000);

/** A response slower than the timeout is a timeout, never "slow". */
export const SLOW_OVER_TIMEOUT = 'Slow threshold cannot be longer than the timeout';

/** A check that may run longer than its interval would overlap the next one. */
export const TIMEOUT_OVER_INTERVAL = 'Timeout cannot be longer than the check interval';

/** Most channels one monitor may send to. */
export const MONITOR_CHANNELS_MAX = 20;

/**
 * The alert channels a monitor sends to (docs/alerts.md "Which channels a monitor uses"): ids of
 * the owner's channels, checked by the service; left out or null, the account's default channels.
 */
export const MonitorChannelIds = z
  .array(z.string({ error: 'channel_ids must be a list of channel ids' }).trim().min(1, 'channel_ids must not hold an empty id'), {
    error: 'channel_ids must be a list of channel ids',
  })
  .max(MONITOR_CHANNELS_MAX, `A monitor sends to at most ${MONITOR_CHANNELS_MAX} channels`)
  .transform((ids) => [...new Set(ids)])
  .nullable();

export const CreateMonitorInput = z
  .object({
    name: MonitorName,
    // Required for HTTP monitors (the default type); the other types name their target with their
    // own fields (monitor-types.ts), and the rules between them are monitor-type-rules.ts.
    url: MonitorUrl.optional(),
    check_interval: CheckInterval.default(DEFAULT_CHECK_INTERVAL),
    timeout: CheckTimeout.default(DEFAULT_TIMEOUT),
    slow_threshold: SlowThreshold.default(DEFAULT_SLOW_THRESHOLD),
    channel_ids: MonitorChannelIds.optional(),
    alert_rules: AlertRulesInput.nullable().optional(),
    // Request options and assertions (check-options.ts), all optional; rules between them are
    // checked on the merged options (check-option-rules.ts).
    ...CheckOptionsInput.shape,
    ...MonitorTypeInput.shape,
  })
  .refine((input) => input.url !== undefined || monitorTypeDefinition(input.monitor_type ?? DEFAULT_MONITOR_TYPE).address.kind !== 'url', {
    path: ['url'],
    message: TEXT.invalidUrl,
  })
  .refine((input) => input.timeout <= input.check_interval, { path: ['timeout'], message: TIMEOUT_OVER_INTERVAL })
  // A timeout out of range has its own message; the threshold is only compared with a valid one.
  .refine((input) => input.timeout < TIMEOUT_RANGE.min || input.slow_threshold <= input.timeout, {
    path: ['slow_threshold'],
    message: SLOW_OVER_TIMEOUT,
  });
export type CreateMonitorInput = z.infer<typeof CreateMonitorInput>;

const PositiveIntFromQuery = (fallback: number, max: number) =>
  z.coerce
    .number({ error: 'Must be a number' })
    .int('Must be a whole number')
    .min(1, 'Must be at least 1')
    .max(max, `Must be at most ${max}`)
    .default(fallback);

export const ListMonitorsQuery = z.object({
  page: PositiveIntFromQuery(1, 100_000),
  limit: PositiveIntFromQuery(MONITORS_PAGE_SIZE, 100),
  status_filter: z.enum(['online', 'offline'], { error: 'status_filter must be online or offline' }).optional(),
  search: z.string().trim().max(200, 'Search is too long').optional(),
});
export type ListMonitorsQuery = z.infer<typeof ListMonitorsQuery>;

/** Force check covers at most this many monitors (docs/product-rules.md "Force check": min(total, 50)). */
export const FORCE_CHECK_MAX = 50;

export const ForceCheckQuery = z.object({
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .default(FORCE_CHECK_MAX),
});
export type ForceCheckQuery = z.infer<typeof ForceCheckQuery>;

/**
 * successful: checks whose round was decided; failed: still undecided when the call had to answer
 * (the product's words, for a check that ran vs one that could not finish in time). Of the successful
 * ones, `up` answered and `down` did not: "successful" says nothing about the site.
 */
export interface ForceCheckResult {
  total: number;
  successful: number;
  failed: number;
  up: number;
  down: number;
}

/** What a user may set (pause/resume). */
export const MONITOR_STATUSES = ['active', 'paused'] as const;
/**
 * `disabled`: beyond the cap after a downgrade (docs/billing.md "Downgrades"): not checked, not
 * counted against the cap, deleted 30 days after it was disabled. The owner may resume it (active
 * or paused) only while the plan has room for it again.
 */
export type MonitorStatus = (typeof MONITOR_STATUSES)[number] | 'disabled';

/**
 * PUT /api/monitors/{id}: the edit form's fields, or `status` alone (pause/resume), or both; at
 * least one. Fields left out keep their values; unknown fields are ignored. The timeout/interval
 * rule is checked against the merged monitor by the service.
 */
export const UpdateMonitorInput = z
  .object({
    name: MonitorName.optional(),
    url: MonitorUrl.optional(),
    check_interval: CheckInterval.optional(),
    timeout: CheckTimeout.optional(),
    slow_threshold: SlowThreshold.optional(),
    status: z.enum(MONITOR_STATUSES, { error: 'Status must be active or paused' }).optional(),
    channel_ids: MonitorChannelIds.optional(),
    alert_rules: AlertRulesInput.nullable().optional(),
    ...CheckOptionsInput.shape,
    ...MonitorTypeInput.shape,
  })
  .refine((input) => Object.values(input).some((value) => value !== undefined), {
    message: 'Nothing to update: send name, url, check_interval, timeout, slow_threshold, status or a check option',
  });
export type UpdateMonitorInput = z.infer<typeof UpdateMonitorInput>;

/** A monitor id in a path: a ULID (anything else cannot be one of the caller's monitors). */
export const MonitorIdParam = z.string().regex(/^[0-9A-HJKMNP-TV-Z]{26}$/);

/**
 * A monitor as the API returns it. `is_up` is null until the first check has reported. The request
 * options and assertions (CheckOptionsView) come with defaults filled in and secrets masked.
 */
export interface Monitor extends CheckOptionsView, MonitorTypeView {
  id: string;
  name: string;
  url: string;
  status: MonitorStatus;
  is_up: boolean | null;
  /** Seconds (the UI shows milliseconds). */
  response_time: number | null;
  check_interval: number;
  timeout: number;
  /** Seconds: a response slower than this shows the monitor Degraded (default 5, at most `timeout`). */
  slow_threshold: number;
  last_checked: string | null;
  /** The newest incident this monitor's checks opened or recorded, with the monitor's name and URL. */
  latest_incident: MonitorIncident | null;
  created_at: string;
  /** The certificate of an https monitor (monitor-ssl.ts); null for http and before the first check. */
  ssl: MonitorSsl | null;
  /** The alert channels it sends to; null: the account's default channels. */
  channel_ids: string[] | null;
  /** Its own alert rules; null: the account's defaults (docs/alerts.md "Alert rules"). */
  alert_rules: AlertRules | null;
  /** Only while an operator's pause or disable holds (docs/admin.md "Monitor holds"). */
  operator_hold?: OperatorHold;
  /** Only while a maintenance window runs on it (docs/maintenance.md "What a window does"): show "In maintenance". */
  maintenance?: MonitorMaintenance;
  /**
   * Only when a smaller plan moved its interval to the plan's floor (docs/billing.md "Downgrades"),
   * until the interval is changed again: the app tells the owner which monitors are checked less often.
   */
  plan_interval_change?: PlanIntervalChange;
}

/** A check interval a plan change raised: seconds before and after, and when (ISO UTC). */
export interface PlanIntervalChange {
  from: number;
  to: number;
  at: string;
}

/** The maintenance window a monitor is in, as its views show it. */
export interface MonitorMaintenance {
  window_id: string;
  /** When the running occurrence ends (ISO UTC). */
  until: string;
  mode: 'mute_alerts' | 'pause_checks';
}

/**
 * An operator's hold on a monitor (docs/admin.md "Monitor holds"): paused or disabled for abuse,
 * with the reason the owner is mailed and shown. A disabled one stays so until an operator enables it.
 */
export interface OperatorHold {
  action: 'pause' | 'disable';
  reason: string;
  at: string;
}

/** What the owner reads on a monitor an operator holds (docs/admin.md "Monitor holds"). */
export const operatorHoldText = (hold: OperatorHold): string =>
  hold.action === 'disable'
    ? `Disabled by an Upwatch operator: ${hold.reason}. It stays disabled until an operator enables it again; write to us through the contact page if you think this is a mistake.`
    : `Paused by an Upwatch operator: ${hold.reason}. You can resume it once the problem is fixed.`;

export type MonitorIncident = IncidentRecord & { monitor_name: string; monitor_url: string };

export interface MonitorList {
  monitors: Monitor[];
  total: number;
  pages: number;
  page: number;
}

export type MonitorDisplayState = 'paused' | 'online' | 'degraded' | 'offline' | 'pending';

/** An up monitor whose latest response took longer than its slow threshold. */
export const isSlow = (monitor: Partial<Pick<Monitor, 'response_time' | 'slow_threshold' | 'max_response_time_ms'>>): boolean =>
  typeof monitor.response_time === 'number' &&
  monitor.response_time * 1000 >
    effectiveSlowThresholdMs((monitor.slow_threshold ?? DEFAULT_SLOW_THRESHOLD) * 1000, {
      max_response_time_ms: monitor.max_response_time_ms ?? undefined,
    });

/**
 * docs/product-rules.md "Monitors and their states": Paused if not active, else Online if up, else Offline; Pending before the first check.
 * Online splits in two: Degraded (amber) when the latest response was slower than the monitor's slow
 * threshold, shown from that check on, before any slow incident opens. Degraded is still up: the
 * Online filter and count include it.
 */
export const displayState = (
  monitor: Pick<Monitor, 'status' | 'is_up'> & Partial<Pick<Monitor, 'response_time' | 'slow_threshold' | 'max_response_time_ms'>>,
): MonitorDisplayState => {
  if (monitor.status !== 'active') return 'paused';
  if (monitor.is_up === null) return 'pending';
  if (!monitor.is_up) return 'offline';
  return isSlow(monitor) ? 'degraded' : 'online';
};
