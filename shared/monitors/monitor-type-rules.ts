import { TEXT } from '../texts.js';
import type { CheckOptions } from './check-options.js';
import type { OptionProblem } from './check-option-rules.js';
import { DEFAULT_MONITOR_TYPE, MONITOR_TYPES, monitorTypeDefinition, TYPE_FIELD_OWNERS, targetUrl, typeOfTarget } from './types/index.js';
import { MONITOR_TYPE_LABELS, TYPE_FIELDS, type MonitorTarget, type MonitorType, type MonitorTypeInput } from './monitor-types.js';

/**
 * The rules between a monitor's type and its other fields (docs/checks.md "Monitor types"),
 * checked by the server on every create, update and CSV row, and by the form before it sends.
 * What each type needs is its own module's (types/); the rules here hold for every type.
 */
export const TYPE_CANNOT_CHANGE = "A monitor's type cannot be changed: add a new monitor of the other type";

const only = (field: string, type: MonitorType): OptionProblem => ({
  field,
  message: `${field} is for ${MONITOR_TYPE_LABELS[type]} monitors only`,
});

/** The type whose target is its url (the `url` field is its own), and the one that takes every check option. */
const URL_TYPE = MONITOR_TYPES.find((type) => monitorTypeDefinition(type).address.kind === 'url') ?? DEFAULT_MONITOR_TYPE;
const OPTIONS_TYPE = MONITOR_TYPES.find((type) => monitorTypeDefinition(type).checkOptions === 'all') ?? DEFAULT_MONITOR_TYPE;

export interface ResolvedTarget {
  type: MonitorType;
  /** Undefined for a type whose target is its url (http). */
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
  const storedType: MonitorType | undefined = stored ? typeOfTarget(stored.target) : undefined;
  const type = input.monitor_type ?? storedType ?? DEFAULT_MONITOR_TYPE;
  if (storedType && type !== storedType) return { problem: { field: 'monitor_type', message: TYPE_CANNOT_CHANGE } };
  for (const field of TYPE_FIELDS) {
    const owner = TYPE_FIELD_OWNERS.get(field)!;
    if (input[field] !== undefined && input[field] !== null && owner !== type) return { problem: only(field, owner) };
  }
  const definition = monitorTypeDefinition(type);
  if (definition.address.kind !== 'url' && input.url !== undefined) return { problem: only('url', URL_TYPE) };

  const resolved = definition.resolve(input, stored?.target, { newToken: opts.newToken });
  if ('problem' in resolved) return resolved;
  const target = resolved.target as MonitorTarget | undefined;
  if (definition.address.kind === 'url') {
    const url = input.url ?? stored?.url;
    return url ? { type, target, url } : { problem: { field: 'url', message: TEXT.invalidUrl } };
  }
  return { type, target, url: targetUrl(target as MonitorTarget, opts.monitorId) };
};

/**
 * The HTTP request options and assertions mean nothing to the other types: each type says which it
 * may carry (a TCP or DNS monitor only `max_response_time_ms`, a stricter slow threshold; a heartbeat none).
 */
export const typeOptionsProblem = (type: MonitorType, options: CheckOptions): OptionProblem | null => {
  const allowed = monitorTypeDefinition(type).checkOptions;
  if (allowed === 'all') return null;
  const field = Object.keys(options).find((name) => !(allowed as readonly string[]).includes(name));
  return field ? only(field, OPTIONS_TYPE) : null;
};
