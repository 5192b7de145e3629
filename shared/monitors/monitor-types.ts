import { z } from 'zod';
import {
  DEFAULT_MONITOR_TYPE,
  EMPTY_TYPE_VIEW,
  judgedFromPings,
  MONITOR_TYPES,
  monitorTypeDefinition,
  typeFieldsShape,
  storedMonitorType,
  targetUrl,
  typeOfTarget,
  TYPE_FIELD_OWNERS,
  type MonitorTarget,
  type MonitorType,
  type TypeViewFields,
} from './types/index.js';
import type { ViewExtra } from './types/contract.js';

/**
 * What a monitor watches (docs/checks.md "Monitor types"). `http` is every monitor made before
 * types existed and the default of every call that does not say: an HTTP(S) request to `url`.
 * - `heartbeat`: a cron job calls the monitor's secret push URL; no ping within the interval plus
 *   the grace time is down.
 * - `tcp`: a TCP connection to `host`:`port` completes within the timeout.
 * - `dns`: `hostname` has records of `record_type` (containing `expected_value` when given).
 * The API names are the stored names; the target of a non-HTTP monitor is stored as `target`
 * (MonitorTarget) on the monitor item, absent for http. Each type is one module of types/, registered
 * in types/index.ts; this module is what the rest of the code imports.
 */
export { MONITOR_TYPES, type MonitorTarget, type MonitorType } from './types/index.js';
export { DNS_RECORD_TYPES, EXPECTED_VALUE_MAX, type DnsRecordType } from './types/dns.js';
export { DEFAULT_HEARTBEAT_GRACE_SECONDS, HEARTBEAT_GRACE_RANGE, heartbeatPath } from './types/heartbeat.js';
export { isDomainName } from './types/fields.js';

export const MONITOR_TYPE_LABELS = Object.fromEntries(MONITOR_TYPES.map((type) => [type, monitorTypeDefinition(type).label])) as Record<MonitorType, string>;

/** The type fields as the API shows them on every monitor (nulls where the type has no such field). */
export type MonitorTypeView = { monitor_type: MonitorType } & TypeViewFields;

export const monitorTypeView = (target: MonitorTarget | undefined, extra: ViewExtra): MonitorTypeView => {
  const type = typeOfTarget(target);
  return { monitor_type: type, ...EMPTY_TYPE_VIEW, ...(target ? (monitorTypeDefinition(type).view.of(target, extra) as Partial<TypeViewFields>) : {}) };
};

/**
 * The type fields of POST and PUT /api/monitors, each checked on its own (400 naming it); which
 * fields a type needs, and the SSRF rules, are checked on the merged monitor (monitor-type-rules.ts).
 * Each type's fields are its own module's (types/).
 */
export const MonitorTypeInput = z.object({
  monitor_type: z.enum(MONITOR_TYPES, { error: `monitor_type must be one of ${MONITOR_TYPES.join(', ')}` }).optional(),
  ...typeFieldsShape(),
});
export type MonitorTypeInput = z.infer<typeof MonitorTypeInput>;

/** The type fields other than `monitor_type` (the CSV's optional columns take them too). */
export const TYPE_FIELDS = [...TYPE_FIELD_OWNERS.keys()];

export { DEFAULT_MONITOR_TYPE, judgedFromPings, storedMonitorType, targetUrl, typeOfTarget };
