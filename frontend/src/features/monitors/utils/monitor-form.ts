import { CreateMonitorInput, DEFAULT_CHECK_INTERVAL, DEFAULT_SLOW_THRESHOLD, DEFAULT_TIMEOUT, type Monitor } from '@shared/monitors/schemas.js';
import { fieldErrors } from '@/utils/field-errors';
import { advancedInput, advancedProblem, type AdvancedValues } from './advanced-options';
import { typeInput, typeProblem, type TypeValues } from './monitor-type-values';
import { TYPE_FIELDS as MONITOR_TYPE_FIELDS } from '@shared/monitors/monitor-types.js';
import { takesAllOptions, targetIsUrl } from '@/components/monitor-types';

/** The plain fields of the Add/Edit Monitor form; anything else with an error is in the Advanced part. */
export const PLAIN_FIELDS = ['name', 'url', 'check_interval', 'timeout', 'slow_threshold'] as const;
type PlainField = (typeof PLAIN_FIELDS)[number];
/** The fields of a monitor type other than HTTP (docs/checks.md "Monitor types"), shown beside the plain ones. */
const TYPE_FIELDS = ['monitor_type', ...MONITOR_TYPE_FIELDS] as const;

/** What the form holds: the slow threshold as typed (a decimal number of seconds), parsed on check. */
export type MonitorFormValues = Pick<Monitor, Exclude<PlainField, 'slow_threshold'>> & { slow_threshold: string };

export const monitorFormValuesOf = (monitor: Monitor | null): MonitorFormValues =>
  monitor
    ? {
        name: monitor.name,
        url: monitor.url,
        check_interval: monitor.check_interval,
        timeout: monitor.timeout,
        slow_threshold: String(monitor.slow_threshold),
      }
    : { name: '', url: '', check_interval: DEFAULT_CHECK_INTERVAL, timeout: DEFAULT_TIMEOUT, slow_threshold: String(DEFAULT_SLOW_THRESHOLD) };

export type MonitorFormCheck = { ok: true; input: CreateMonitorInput } | { ok: false; errors: Partial<Record<string, string>> };

/**
 * The form checked with the API's own rules (the create schema, then the type's and the Advanced
 * part's rules between fields): the input to save, or the message under each field. The edit form
 * sends all four fields, so the create rules (including timeout <= interval) are exactly what the
 * server checks on the edited monitor. An HTTP monitor sends its URL and Advanced part (today's
 * payload); another type its own fields instead. Pure, so the form re-runs it on every change once
 * a save was tried.
 */
export const checkMonitorForm = (
  values: MonitorFormValues,
  advanced: AdvancedValues,
  hadPassword: boolean,
  typed: TypeValues,
): MonitorFormCheck => {
  const withUrl = targetIsUrl(typed.monitor_type);
  const withOptions = takesAllOptions(typed.monitor_type);
  const slowThreshold = values.slow_threshold.trim() === '' ? Number.NaN : Number(values.slow_threshold);
  const options = withOptions ? advancedInput(advanced, hadPassword) : {};
  const { url, ...common } = values;
  const parsed = CreateMonitorInput.safeParse({ ...common, ...(withUrl ? { url } : {}), slow_threshold: slowThreshold, ...options, ...typeInput(typed) });
  if (!parsed.success) return { ok: false, errors: fieldErrors<string>(parsed.error) };
  const problem = typeProblem(parsed.data) ?? (withOptions ? advancedProblem(options, parsed.data.timeout) : null);
  if (problem) return { ok: false, errors: { [problem.field]: problem.message } };
  return { ok: true, input: parsed.data };
};

/** Whether some error is in the Advanced part (the form then opens it). */
export const hasAdvancedError = (errors: Partial<Record<string, string>>): boolean =>
  Object.keys(errors).some((field) => !([...PLAIN_FIELDS, ...TYPE_FIELDS] as readonly string[]).includes(field));
