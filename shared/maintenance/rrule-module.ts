import * as rruleModule from 'rrule';
import type { RRule as RRuleClass } from 'rrule';

/**
 * The `rrule` package's RRule class, whichever build of the package loaded. Bundlers (Vite for
 * the web app and the tests) take its ES module, which exports `RRule` by name; Node itself
 * (`npm start`, the benchmarks) takes its CommonJS build, whose named exports Node cannot see, so
 * the class is on the default export there. Importing `{ RRule }` straight from 'rrule' made the
 * local cloud fail to start (docs/maintenance.md "Recurrence and daylight saving").
 */
export const RRule: typeof RRuleClass =
  'RRule' in rruleModule && rruleModule.RRule ? rruleModule.RRule : (rruleModule as unknown as { default: { RRule: typeof RRuleClass } }).default.RRule;
export type RRule = RRuleClass;
