import type { ComponentType } from 'react';
import type { ExportedCheck } from '@shared/insights/schemas.js';
import type { Monitor } from '@shared/monitors/schemas.js';

/**
 * The SPA's part of a monitor type (docs/checks.md "Adding a monitor type"): its form fields, what
 * its card and detail page say, and how its form values become API fields. One module per type,
 * registered in index.ts, keyed by the shared union: a type registered in shared/monitors/types/
 * and missing here does not compile. `Values` are the type's own form fields, as typed (text).
 */
export interface SpaMonitorType<Values extends Record<string, string>> {
  /** What the type watches, under the chooser. */
  hint: string;
  /** Whether the monitor is timed: a timeout, a slow threshold, response times (a heartbeat is not). */
  timed: boolean;
  /** The label of the interval field. */
  intervalLabel: string;
  /** The type's form values of a monitor (null: a new one). */
  valuesOf(monitor: Monitor | null): Values;
  /**
   * The API fields of the type (monitor_type included, except for the default type, which sends
   * none); `null` clears an emptied optional field.
   */
  input(values: Values): Record<string, unknown>;
  /** The type's own form fields; null for a type whose target is the URL field. */
  Fields: ComponentType<TypeFieldsProps<Values>> | null;
  /** What the monitor card says beyond the address line (null: nothing). */
  CardFacts: ComponentType<{ monitor: Monitor; timeZone: string | null }> | null;
  /**
   * The facts of the detail page's target panel; null for a type shown with the checks and
   * certificate panel instead (HTTP).
   */
  TargetFacts: ComponentType<{ monitor: Monitor; latest: ExportedCheck | undefined; timeZone: string | null }> | null;
  /** Shown in the form and on the detail page of a saved monitor (a heartbeat's push URL); null: nothing. */
  SavedNotice: ComponentType<{ monitor: Monitor }> | null;
}

export interface TypeFieldsProps<Values> {
  values: Values;
  onChange: (values: Values) => void;
  errors: Partial<Record<string, string>>;
}

/** A number as typed, sent as a number when it is one (the API's message names a wrong one). */
export const numberOrText = (value: string): number | string => (/^\d+$/.test(value.trim()) ? Number(value.trim()) : value.trim());

/** The props of a text field bound to one of the type's values. */
export const bindField = <Values extends Record<string, string>>({ values, onChange, errors }: TypeFieldsProps<Values>, key: keyof Values & string) => ({
  name: key,
  value: values[key],
  onChange: (event: { target: { value: string } }) => onChange({ ...values, [key]: event.target.value }),
  error: errors[key],
});
