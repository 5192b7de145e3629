import type { ErrorCategory } from './check-result.js';
import { DEFAULT_MONITOR_TYPE, monitorTypeDefinition, monitorTypeOfUrl, type MonitorType } from '../monitors/types/index.js';
import { WEBSITE_SLOW_WORDING, WEBSITE_WORDING, type SlowWording } from '../monitors/types/wording.js';
import { failureText, type UserImpact } from './failure-texts.js';
import { countOf } from '../texts.js';

export type { UserImpact } from './failure-texts.js';

/**
 * The incident texts the user reads (docs/product-rules.md "Incidents and their texts": the card, and the incident's `details`): a title, a
 * one-line message, and the details. Times in `details` are seconds, as in the API.
 */
export const INCIDENT_ALERT_TYPES = ['down', 'up', 'slow'] as const;
export type IncidentAlertType = (typeof INCIDENT_ALERT_TYPES)[number];

/** docs/product-rules.md "Incidents and their texts": the card titles (word for word: they are the product's, for websites). */
export const INCIDENT_TITLES: Readonly<Record<IncidentAlertType, string>> = {
  down: WEBSITE_WORDING.downTitle(null),
  up: WEBSITE_WORDING.upTitle,
  slow: 'Performance Issue',
};

/**
 * The title of an incident or alert: a down or recovery one is in its monitor type's words (its
 * `wording`, shared/monitors/types/), the product's for a monitor of no type; slow is one for all.
 */
export const incidentTitle = (
  alertType: IncidentAlertType,
  opts: { monitorType?: MonitorType | null; errorCategory?: IncidentCategory | null } = {},
): string => {
  if (alertType === 'slow') return INCIDENT_TITLES.slow;
  const { wording } = monitorTypeDefinition(opts.monitorType ?? DEFAULT_MONITOR_TYPE);
  return alertType === 'up' ? wording.upTitle : wording.downTitle(opts.errorCategory ?? null);
};

/** A monitor's type from its `url` (`heartbeat://<monitor id>`, `tcp://...`: its type's address scheme). */
export { monitorTypeOfUrl };

/** A stored incident's title (cards, the incident page): its monitor's type is in its `monitor_url`. */
export const titleOfIncident = (incident: {
  alert_type: IncidentAlertType;
  monitor_url?: string | null;
  details?: { error_category?: IncidentCategory | null } | null;
}): string =>
  incidentTitle(incident.alert_type, { monitorType: monitorTypeOfUrl(incident.monitor_url), errorCategory: incident.details?.error_category ?? null });

/** `slow_response` is not a check error, but the card shows a category for every incident. */
export type IncidentCategory = ErrorCategory | 'slow_response';

export interface IncidentDetails {
  user_impact: UserImpact;
  impact_description: string;
  explanation: string;
  /** Null for a recovery: nothing is wrong any more. */
  error_category: IncidentCategory | null;
  recommended_action: string;
  status_code: number | null;
  /** Seconds. */
  response_time: number | null;
  /** Whether visitors can use the site: false while down, true when only slow or recovered. */
  user_accessible: boolean;
}

export interface IncidentText {
  title: string;
  message: string;
  details: IncidentDetails;
}

/** A slow incident is MEDIUM once pages take more than this many times the threshold. */
export const SLOW_MEDIUM_FACTOR = 2;

const toSeconds = (ms: number | null): number | null => (ms === null ? null : Math.round(ms) / 1000);

/** "3.2 seconds", "12 seconds", "1 second": one decimal below ten seconds. */
export const secondsInWords = (ms: number): string => {
  const seconds = ms / 1000;
  const shown = seconds < 10 ? Math.round(seconds * 10) / 10 : Math.round(seconds);
  return countOf(shown, 'second');
};

/**
 * A duration the way a person says it: "less than a minute", "12 minutes", "2 hours 5 minutes",
 * "3 days 4 hours". Two units at most; the smaller one is dropped when it is zero.
 */
export const durationInWords = (totalSeconds: number): string => {
  // To the nearest second first: two round times 2 minutes apart can differ by 119.997 s, which is
  // 2 minutes, not 1. Then whole minutes, hours and days down.
  const seconds = Math.max(0, Math.round(totalSeconds));
  if (seconds < 60) return 'less than a minute';
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return countOf(minutes, 'minute');
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return minutes % 60 ? `${countOf(hours, 'hour')} ${countOf(minutes % 60, 'minute')}` : countOf(hours, 'hour');
  const days = Math.floor(hours / 24);
  return hours % 24 ? `${countOf(days, 'day')} ${countOf(hours % 24, 'hour')}` : countOf(days, 'day');
};

export const downIncident = (
  failure: {
    errorCategory: ErrorCategory | null;
    statusCode: number | null;
    responseTimeMs: number | null;
  },
  monitorType: MonitorType = DEFAULT_MONITOR_TYPE,
): IncidentText => {
  const text = failureText(failure.errorCategory, failure.statusCode, monitorType);
  return {
    title: incidentTitle('down', { monitorType, errorCategory: failure.errorCategory ?? 'unknown' }),
    message: text.message ?? monitorTypeDefinition(monitorType).wording.downMessage(text.reason),
    details: {
      user_impact: text.userImpact,
      impact_description: text.impactDescription,
      explanation: text.explanation,
      error_category: failure.errorCategory ?? 'unknown',
      recommended_action: text.recommendedAction,
      status_code: failure.statusCode,
      response_time: toSeconds(failure.responseTimeMs),
      user_accessible: false,
    },
  };
};

export const slowIncident = (input: {
  responseTimeMs: number;
  slowThresholdMs: number;
  statusCode: number | null;
  /** Whose words (its wording's `slow`, shared/monitors/types/); absent: a website's. */
  monitorType?: MonitorType;
}): IncidentText => {
  const verySlow = input.responseTimeMs > SLOW_MEDIUM_FACTOR * input.slowThresholdMs;
  const took = secondsInWords(input.responseTimeMs);
  const limit = secondsInWords(input.slowThresholdMs);
  const words = slowWordingOf(input.monitorType);
  return {
    title: INCIDENT_TITLES.slow,
    message: words.message(took, limit),
    details: {
      user_impact: verySlow ? 'MEDIUM' : 'LOW',
      impact_description: words.impact(took, verySlow),
      explanation: words.explanation(limit),
      error_category: 'slow_response',
      recommended_action: words.recommendedAction,
      status_code: input.statusCode,
      response_time: toSeconds(input.responseTimeMs),
      user_accessible: true,
    },
  };
};

/** A type's slow words; a website's for a type that is never slow (it never gets here). */
const slowWordingOf = (monitorType: MonitorType | undefined): SlowWording =>
  monitorTypeDefinition(monitorType ?? DEFAULT_MONITOR_TYPE).wording.slow ?? WEBSITE_SLOW_WORDING;

export const recoveredIncident = (input: {
  responseTimeMs: number | null;
  statusCode: number | null;
  /** How long the site was down; null when the start of the outage is unknown. */
  downtimeSeconds: number | null;
  monitorType?: MonitorType;
}): IncidentText => {
  const downFor = input.downtimeSeconds === null ? null : durationInWords(input.downtimeSeconds);
  const { wording } = monitorTypeDefinition(input.monitorType ?? DEFAULT_MONITOR_TYPE);
  return { title: wording.upTitle, ...wording.recovered({ downFor, statusCode: input.statusCode, responseTime: toSeconds(input.responseTimeMs) }) };
};

/**
 * The alert when a slow spell ends. Not an incident of its own (docs/product-rules.md "Incidents and their texts" has no such type): the
 * slow incident is resolved, and the owner who was told it began hears that it ended.
 */
export const slowResolvedText = (slowForSeconds: number, monitorType?: MonitorType): Pick<IncidentText, 'title' | 'message'> => ({
  title: 'Performance Recovered',
  message: slowWordingOf(monitorType).resolved(durationInWords(slowForSeconds)),
});
