import type { SpaMonitorType } from './contract';

/** An HTTP monitor: its URL field and the Advanced part are the form's own (monitor-modal.tsx). */
export const httpSpaType = {
  hint: 'Checks that a web page or API answers.',
  timed: true,
  intervalLabel: 'Check Interval',
  valuesOf: () => ({}),
  // Today's payload: name + URL, no type fields.
  input: () => ({}),
  Fields: null,
  CardFacts: null,
  TargetFacts: null,
  SavedNotice: null,
} satisfies SpaMonitorType<Record<never, string>>;
