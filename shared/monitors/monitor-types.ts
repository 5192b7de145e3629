import { z } from 'zod';
import { isIpLiteral } from '../checks/target-address.js';

/**
 * What a monitor watches (docs/checks.md "Monitor types"). `http` is every monitor made before
 * types existed and the default of every call that does not say: an HTTP(S) request to `url`.
 * - `heartbeat`: a cron job calls the monitor's secret push URL; no ping within the interval plus
 *   the grace time is down.
 * - `tcp`: a TCP connection to `host`:`port` completes within the timeout.
 * - `dns`: `hostname` has records of `record_type` (containing `expected_value` when given).
 * The API names are the stored names; the target of a non-HTTP monitor is stored as `target`
 * (MonitorTarget) on the monitor item, absent for http.
 */
export const MONITOR_TYPES = ['http', 'heartbeat', 'tcp', 'dns'] as const;
export type MonitorType = (typeof MONITOR_TYPES)[number];

export const MONITOR_TYPE_LABELS: Record<MonitorType, string> = {
  http: 'Website (HTTP)',
  heartbeat: 'Heartbeat (cron job)',
  tcp: 'TCP port',
  dns: 'DNS record',
};

export const DNS_RECORD_TYPES = ['A', 'AAAA', 'CNAME', 'MX', 'TXT', 'NS'] as const;
export type DnsRecordType = (typeof DNS_RECORD_TYPES)[number];

/** Seconds a heartbeat may be late before the monitor is down (on top of its interval). */
export const HEARTBEAT_GRACE_RANGE = { min: 0, max: 86_400 } as const;
export const DEFAULT_HEARTBEAT_GRACE_SECONDS = 60;
export const EXPECTED_VALUE_MAX = 500;

/** A stored non-HTTP target (`target` on the monitor item). */
export type MonitorTarget =
  | { type: 'tcp'; host: string; port: number }
  | { type: 'dns'; hostname: string; record_type: DnsRecordType; expected_value?: string }
  | {
      type: 'heartbeat';
      grace_seconds: number;
      /** The secret of the push URL (32 random bytes, base64url); never the monitor id. */
      token: string;
    };

/** The type fields as the API shows them on every monitor (nulls where the type has no such field). */
export interface MonitorTypeView {
  monitor_type: MonitorType;
  host: string | null;
  port: number | null;
  hostname: string | null;
  record_type: DnsRecordType | null;
  expected_value: string | null;
  heartbeat_grace_seconds: number | null;
  /** The push URL a heartbeat monitor's job calls (GET or POST; `/fail` reports a failure). */
  heartbeat_url: string | null;
  /** When the last ping came, and whether it reported a failure (heartbeat only). */
  last_ping_at: string | null;
  last_ping_failed: boolean | null;
}

export const heartbeatPath = (token: string): string => `/api/heartbeat/${token}`;

export const monitorTypeView = (
  target: MonitorTarget | undefined,
  extra: { appUrl: string; lastPingAt?: string | null; lastPingFailed?: boolean | null },
): MonitorTypeView => ({
  monitor_type: target?.type ?? 'http',
  host: target?.type === 'tcp' ? target.host : null,
  port: target?.type === 'tcp' ? target.port : null,
  hostname: target?.type === 'dns' ? target.hostname : null,
  record_type: target?.type === 'dns' ? target.record_type : null,
  expected_value: target?.type === 'dns' ? (target.expected_value ?? null) : null,
  heartbeat_grace_seconds: target?.type === 'heartbeat' ? target.grace_seconds : null,
  heartbeat_url: target?.type === 'heartbeat' ? `${extra.appUrl}${heartbeatPath(target.token)}` : null,
  last_ping_at: target?.type === 'heartbeat' ? (extra.lastPingAt ?? null) : null,
  last_ping_failed: target?.type === 'heartbeat' ? (extra.lastPingFailed ?? null) : null,
});

/**
 * The `url` a non-HTTP monitor carries (lists, incidents and alert mails show it): its target in
 * URL form, `tcp://host:port` and `dns://hostname`; a heartbeat has no target, so its id
 * (`heartbeat://<id>`), never its secret token.
 */
export const targetUrl = (target: MonitorTarget, monitorId: string): string => {
  if (target.type === 'tcp') return `tcp://${target.host.includes(':') ? `[${target.host}]` : target.host}:${target.port}`;
  if (target.type === 'dns') return `dns://${target.hostname}`;
  return `heartbeat://${monitorId}`;
};

const LABEL = /^[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?$/i;

/** A DNS name (letters, digits, hyphens, underscores for service labels), at most 253 characters, without its trailing dot. */
export const isDomainName = (value: string): boolean => {
  const name = value.replace(/\.$/, '');
  return name.length > 0 && name.length <= 253 && name.split('.').every((label) => LABEL.test(label));
};

const HostText = (label: string) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .min(1, `${label} is required`)
    .max(253, `${label} is too long (253 characters at most)`)
    .transform((value) => value.replace(/^\[(.*)\]$/, '$1').replace(/\.$/, '').toLowerCase());

/**
 * The type fields of POST and PUT /api/monitors, each checked on its own (400 naming it); which
 * fields a type needs, and the SSRF rules, are checked on the merged monitor (monitor-type-rules.ts).
 */
export const MonitorTypeInput = z.object({
  monitor_type: z.enum(MONITOR_TYPES, { error: `monitor_type must be one of ${MONITOR_TYPES.join(', ')}` }).optional(),
  host: HostText('Host')
    .refine((host) => isIpLiteral(host) || isDomainName(host), 'Host must be a domain name or an IP address, like db.example.com')
    .nullish(),
  port: z
    .number({ error: 'Port must be a number' })
    .int('Port must be a whole number')
    .min(1, 'Port must be between 1 and 65535')
    .max(65535, 'Port must be between 1 and 65535')
    .nullish(),
  hostname: HostText('Hostname')
    .refine((name) => !isIpLiteral(name) && isDomainName(name), 'Hostname must be a domain name, like example.com')
    .nullish(),
  record_type: z
    .string({ error: `record_type must be one of ${DNS_RECORD_TYPES.join(', ')}` })
    .trim()
    .transform((value) => value.toUpperCase())
    .pipe(z.enum(DNS_RECORD_TYPES, { error: `record_type must be one of ${DNS_RECORD_TYPES.join(', ')}` }))
    .nullish(),
  expected_value: z
    .string({ error: 'Expected value must be text' })
    .trim()
    .min(1, 'Expected value cannot be empty')
    .max(EXPECTED_VALUE_MAX, `Expected value is too long (${EXPECTED_VALUE_MAX} characters at most)`)
    .nullish(),
  heartbeat_grace_seconds: z
    .number({ error: 'Heartbeat grace must be a number of seconds' })
    .int('Heartbeat grace must be a whole number of seconds')
    .min(HEARTBEAT_GRACE_RANGE.min, `Heartbeat grace must be at least ${HEARTBEAT_GRACE_RANGE.min} seconds`)
    .max(HEARTBEAT_GRACE_RANGE.max, `Heartbeat grace must be at most ${HEARTBEAT_GRACE_RANGE.max} seconds`)
    .nullish(),
});
export type MonitorTypeInput = z.infer<typeof MonitorTypeInput>;

/** The type fields other than `monitor_type` (the CSV's optional columns take them too). */
export const TYPE_FIELDS = ['host', 'port', 'hostname', 'record_type', 'expected_value', 'heartbeat_grace_seconds'] as const;
