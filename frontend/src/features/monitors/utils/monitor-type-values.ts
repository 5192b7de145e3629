import { resolveMonitorTarget } from '@shared/monitors/monitor-type-rules.js';
import { DEFAULT_MONITOR_TYPE, MONITOR_TYPES, type MonitorType, type MonitorTypeInput } from '@shared/monitors/monitor-types.js';
import type { Monitor } from '@shared/monitors/schemas.js';
import { spaMonitorType, type TypeFormValues } from '@/components/monitor-types';

/**
 * The monitor form's type part as typed (docs/checks.md "Monitor types"): the chosen type and every
 * type's own fields (types/), turned into API fields on save.
 */
export type TypeValues = { monitor_type: MonitorType } & TypeFormValues;

export const typeValuesOf = (monitor: Monitor | null): TypeValues =>
  Object.assign(
    { monitor_type: monitor?.monitor_type ?? DEFAULT_MONITOR_TYPE },
    ...MONITOR_TYPES.map((type) => spaMonitorType(type).valuesOf(monitor)),
  ) as TypeValues;

/**
 * The API fields of the chosen type (its module's `input`). An HTTP monitor sends none (today's
 * payload, name + URL); the others send their own fields, and `null` clears an emptied optional one.
 */
export const typeInput = (values: TypeValues): Record<string, unknown> =>
  spaMonitorType(values.monitor_type).input(values as unknown as Record<string, string>);

/** The server's rules between the type and its fields (monitor-type-rules.ts), checked before saving. */
export const typeProblem = (input: MonitorTypeInput & { url?: string | undefined }) => {
  // The form sends every field of its type, so the create rules are the ones that apply.
  const resolved = resolveMonitorTarget({ monitorId: '', input, newToken: () => '' });
  return 'problem' in resolved ? resolved.problem : null;
};
