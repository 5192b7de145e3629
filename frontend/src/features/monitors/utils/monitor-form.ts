import { CreateMonitorInput, DEFAULT_CHECK_INTERVAL, DEFAULT_SLOW_THRESHOLD, DEFAULT_TIMEOUT, type Monitor } from '../../../../../shared/monitors/schemas.js';
import { fieldErrors } from '../../../utils/field-errors';
import { advancedInput, advancedProblem, type AdvancedValues } from './advanced-options';

/** The plain fields of the Add/Edit Monitor form; anything else with an error is in the Advanced part. */
export const PLAIN_FIELDS = ['name', 'url', 'check_interval', 'timeout', 'slow_threshold'] as const;
type PlainField = (typeof PLAIN_FIELDS)[number];

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
 * The form checked with the API's own rules (the create schema, then the Advanced part's rules
 * between fields): the input to save, or the message under each field. The edit form sends all
 * four fields, so the create rules (including timeout <= interval) are exactly what the server
 * checks on the edited monitor. Pure, so the form re-runs it on every change once a save was tried.
 */
export const checkMonitorForm = (values: MonitorFormValues, advanced: AdvancedValues, hadPassword: boolean): MonitorFormCheck => {
  const slowThreshold = values.slow_threshold.trim() === '' ? Number.NaN : Number(values.slow_threshold);
  const options = advancedInput(advanced, hadPassword);
  const parsed = CreateMonitorInput.safeParse({ ...values, slow_threshold: slowThreshold, ...options });
  if (!parsed.success) return { ok: false, errors: fieldErrors<string>(parsed.error) };
  const problem = advancedProblem(options, parsed.data.timeout);
  if (problem) return { ok: false, errors: { [problem.field]: problem.message } };
  return { ok: true, input: parsed.data };
};

/** Whether some error is in the Advanced part (the form then opens it). */
export const hasAdvancedError = (errors: Partial<Record<string, string>>): boolean =>
  Object.keys(errors).some((field) => !(PLAIN_FIELDS as readonly string[]).includes(field));
