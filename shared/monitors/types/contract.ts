import type { z } from 'zod';
import type { ErrorCategory } from '../../checks/check-result.js';
import type { FailureText } from '../../checks/failure-texts.js';
import type { CheckOptions } from '../check-options.js';
import type { OptionProblem } from '../check-option-rules.js';
import type { IncidentWording } from './wording.js';

/**
 * What a monitor type is, in one place (docs/checks.md "Adding a monitor type"). Each type fills
 * this contract in its own module (http.ts, tcp.ts, dns.ts, heartbeat.ts) and is registered once
 * in index.ts; every part is required, so a type that leaves one out does not compile. The
 * functions side (functions/checks/types/) and the SPA (frontend/src/components/monitor-types/)
 * add what needs node or React, keyed by the same union.
 *
 * - `Type`: the API and stored name.
 * - `Target`: what is stored as `target` on the monitor item (`undefined` for a type whose target
 *   is the monitor's `url`).
 * - `Shape`: the type's own input fields of POST and PUT /api/monitors (also its CSV columns).
 * - `View`: the type's fields as every monitor shows them (null where the type has no such field).
 */
export interface MonitorTypeDefinition<
  Type extends string,
  Target extends { type: Type } | undefined,
  Shape extends z.ZodRawShape,
  View extends object,
> {
  type: Type;
  /** How the type is named to people (the form's chooser, "host is for TCP port monitors only"). */
  label: string;
  /** Input schema of the type's own fields, each `.nullish()` (null clears an optional one on update). */
  input: z.ZodObject<Shape>;
  /**
   * The monitor's target from the input of a create (`was` absent) or an update: fields left out
   * keep their `was` values. A missing required field is a problem naming it (requiredProblem).
   * `newToken` makes a secret, for a type whose target holds one.
   */
  resolve(input: z.infer<z.ZodObject<Shape>>, was: Target | undefined, ctx: { newToken: () => string }): { target: Target } | { problem: OptionProblem };
  /**
   * What the monitor's `url` is: the address the user typed (`url`: the type's target is its url),
   * or the target written as a URL (lists, incidents and alert mails show it): `<scheme>://` and
   * what `rest` makes of the target (so a stored url names its type: incident cards read it).
   */
  address: { kind: 'url' } | { kind: 'target'; scheme: string; rest(target: Target, monitorId: string): string };
  /**
   * The SSRF guard at save time (the functions side applies it): `url` judges the monitor's url,
   * `host` the host or name the type dials or looks up, and `none` says why the type has nothing
   * to judge. Declared by every type, so a host-based type cannot skip it by omission.
   */
  saveGuard: { kind: 'url' } | { kind: 'host'; hostOf(target: Target): { field: string; host: string } } | { kind: 'none'; reason: string };
  /**
   * What a check job carries for this type (shared/checks/check-job.ts): `url` (the job's url and
   * options), `target` (the schema of the job's `target` and how to make it from the stored one),
   * or `none`: the type is never sent to a checker, and `reason` says who judges it instead.
   */
  job:
    | { kind: 'url' }
    | { kind: 'target'; schema: z.ZodType<{ type: Type }>; of(target: Target): { type: Type } }
    | { kind: 'none'; reason: string };
  /** Which stored check options (shared/monitors/check-options.ts) the type may carry. */
  checkOptions: 'all' | readonly (keyof CheckOptions)[];
  /** The type's view fields: all null (`empty`, on every monitor of another type), and from a target. */
  view: { empty: View; of(target: Target, extra: ViewExtra): View };
  /** What the type's own failures mean (shared/checks/failure-texts.ts), by error category. */
  failureTexts: { [Category in ErrorCategory]?: FailureText };
  /**
   * What the type's down and recovery incidents are called and say, and the headings of their
   * alert mails (wording.ts): WEBSITE_WORDING, or the type's own words.
   */
  wording: IncidentWording;
  /** How each input field is read from a CSV cell (the CSV columns are the input fields). */
  csvColumns: { [Field in keyof Shape]: 'text' | 'number' };
  /** The type's sentence in the CSV template's instructions (null: nothing beyond the defaults). */
  csvHelp: string | null;
}

/** What a view may need beyond the target. */
export interface ViewExtra {
  appUrl: string;
  lastPingAt?: string | null | undefined;
  lastPingFailed?: boolean | null | undefined;
}

/** "Port is required for a TCP port monitor". */
export const requiredProblem = (field: string, fieldLabel: string, typeLabel: string): { problem: OptionProblem } => ({
  problem: { field, message: `${fieldLabel} is required for a ${typeLabel} monitor` },
});

/** An input field's effective value in an update: null clears it, undefined keeps the stored one. */
export const kept = <T>(input: T | null | undefined, stored: T | undefined): T | undefined => (input === null ? undefined : (input ?? stored));
