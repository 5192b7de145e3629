import { resolveMonitorTarget } from '@shared/monitors/monitor-type-rules.js';
import { DEFAULT_HEARTBEAT_GRACE_SECONDS, type DnsRecordType, type MonitorType, type MonitorTypeInput } from '@shared/monitors/monitor-types.js';
import type { Monitor } from '@shared/monitors/schemas.js';

/** The monitor form's type part as typed (docs/checks.md "Monitor types"); turned into API fields on save. */
export interface TypeValues {
  monitor_type: MonitorType;
  host: string;
  port: string;
  hostname: string;
  record_type: DnsRecordType;
  expected_value: string;
  heartbeat_grace_seconds: string;
}

export const typeValuesOf = (monitor: Monitor | null): TypeValues => ({
  monitor_type: monitor?.monitor_type ?? 'http',
  host: monitor?.host ?? '',
  port: monitor?.port ? String(monitor.port) : '',
  hostname: monitor?.hostname ?? '',
  record_type: monitor?.record_type ?? 'A',
  expected_value: monitor?.expected_value ?? '',
  heartbeat_grace_seconds: String(monitor?.heartbeat_grace_seconds ?? DEFAULT_HEARTBEAT_GRACE_SECONDS),
});

const numberOrText = (value: string): number | string => (/^\d+$/.test(value.trim()) ? Number(value.trim()) : value.trim());

/**
 * The API fields of the chosen type. An HTTP monitor sends none (today's payload, name + URL);
 * the others send their own fields, and `null` clears an emptied optional one.
 */
export const typeInput = (values: TypeValues): Record<string, unknown> => {
  switch (values.monitor_type) {
    case 'http':
      return {};
    case 'tcp':
      return { monitor_type: 'tcp', host: values.host.trim() || undefined, port: values.port.trim() ? numberOrText(values.port) : undefined };
    case 'dns':
      return {
        monitor_type: 'dns',
        hostname: values.hostname.trim() || undefined,
        record_type: values.record_type,
        expected_value: values.expected_value.trim() || null,
      };
    case 'heartbeat':
      return { monitor_type: 'heartbeat', heartbeat_grace_seconds: numberOrText(values.heartbeat_grace_seconds || '0') };
  }
};

/** The server's rules between the type and its fields (monitor-type-rules.ts), checked before saving. */
export const typeProblem = (input: MonitorTypeInput & { url?: string | undefined }) => {
  // The form sends every field of its type, so the create rules are the ones that apply.
  const resolved = resolveMonitorTarget({ monitorId: '', input, newToken: () => '' });
  return 'problem' in resolved ? resolved.problem : null;
};
