import { TEXT } from '../texts.js';
import type { CheckOptions } from './check-options.js';
import type { OptionProblem } from './check-option-rules.js';
import {
  DEFAULT_HEARTBEAT_GRACE_SECONDS,
  MONITOR_TYPE_LABELS,
  TYPE_FIELDS,
  targetUrl,
  type MonitorTarget,
  type MonitorType,
  type MonitorTypeInput,
} from './monitor-types.js';

/**
 * The rules between a monitor's type and its other fields (docs/checks.md "Monitor types"),
 * checked by the server on every create, update and CSV row, and by the form before it sends.
 */
const FIELD_TYPE: Record<(typeof TYPE_FIELDS)[number], MonitorType> = {
  host: 'tcp',
  port: 'tcp',
  hostname: 'dns',
  record_type: 'dns',
  expected_value: 'dns',
  heartbeat_grace_seconds: 'heartbeat',
};

export const TYPE_CANNOT_CHANGE = "A monitor's type cannot be changed: add a new monitor of the other type";

const only = (field: string, type: MonitorType): OptionProblem => ({
  field,
  message: `${field} is for ${MONITOR_TYPE_LABELS[type]} monitors only`,
});

const required = (field: string, label: string, type: MonitorType): OptionProblem => ({
  field,
  message: `${label} is required for a ${MONITOR_TYPE_LABELS[type]} monitor`,
});

export interface ResolvedTarget {
  type: MonitorType;
  /** Undefined for http. */
  target: MonitorTarget | undefined;
  /** What the monitor's `url` is: the HTTP address, or the target in URL form (monitor-types.ts `targetUrl`). */
  url: string;
}

/**
 * The type and target of a monitor after a create (`stored` absent) or an update: fields left out
 * keep their stored values, `null` clears an optional one. The type itself is fixed once created.
 * `newToken` makes a heartbeat's push secret, only when it has none.
 */
export const resolveMonitorTarget = (opts: {
  monitorId: string;
  input: MonitorTypeInput & { url?: string | undefined };
  stored?: { target: MonitorTarget | undefined; url: string };
  newToken: () => string;
}): ResolvedTarget | { problem: OptionProblem } => {
  const { input, stored } = opts;
  const storedType: MonitorType | undefined = stored ? (stored.target?.type ?? 'http') : undefined;
  const type = input.monitor_type ?? storedType ?? 'http';
  if (storedType && type !== storedType) return { problem: { field: 'monitor_type', message: TYPE_CANNOT_CHANGE } };
  for (const field of TYPE_FIELDS) {
    if (input[field] !== undefined && input[field] !== null && FIELD_TYPE[field] !== type) return { problem: only(field, FIELD_TYPE[field]) };
  }
  if (type !== 'http' && input.url !== undefined) return { problem: only('url', 'http') };
  const kept = stored?.target;

  if (type === 'http') {
    const url = input.url ?? stored?.url;
    return url ? { type, target: undefined, url } : { problem: { field: 'url', message: TEXT.invalidUrl } };
  }
  let target: MonitorTarget;
  if (type === 'tcp') {
    const host = input.host === null ? undefined : (input.host ?? (kept?.type === 'tcp' ? kept.host : undefined));
    const port = input.port === null ? undefined : (input.port ?? (kept?.type === 'tcp' ? kept.port : undefined));
    if (!host) return { problem: required('host', 'Host', type) };
    if (!port) return { problem: required('port', 'Port', type) };
    target = { type, host, port };
  } else if (type === 'dns') {
    const was = kept?.type === 'dns' ? kept : undefined;
    const hostname = input.hostname === null ? undefined : (input.hostname ?? was?.hostname);
    if (!hostname) return { problem: required('hostname', 'Hostname', type) };
    const expected = input.expected_value === null ? undefined : (input.expected_value ?? was?.expected_value);
    target = {
      type,
      hostname,
      record_type: input.record_type ?? was?.record_type ?? 'A',
      ...(expected !== undefined ? { expected_value: expected } : {}),
    };
  } else {
    const was = kept?.type === 'heartbeat' ? kept : undefined;
    target = {
      type,
      grace_seconds: input.heartbeat_grace_seconds ?? was?.grace_seconds ?? DEFAULT_HEARTBEAT_GRACE_SECONDS,
      token: was?.token ?? opts.newToken(),
    };
  }
  return { type, target, url: targetUrl(target, opts.monitorId) };
};

/**
 * The HTTP request options and assertions mean nothing to the other types: a TCP or DNS monitor
 * may only set `max_response_time_ms` (a stricter slow threshold), a heartbeat none.
 */
export const typeOptionsProblem = (type: MonitorType, options: CheckOptions): OptionProblem | null => {
  if (type === 'http') return null;
  const field = Object.keys(options).find((name) => type === 'heartbeat' || name !== 'max_response_time_ms');
  return field ? only(field, 'http') : null;
};
