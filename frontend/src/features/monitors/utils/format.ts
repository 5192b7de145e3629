import { CHECK_INTERVAL_OPTIONS, TIMEOUT_OPTIONS } from '../../../../../shared/monitors/schemas.js';
import { intervalLabel, timeoutLabel } from '../../../utils/monitor-format';

export interface SelectOption {
  value: number;
  label: string;
}

/**
 * The spec's choices, plus the monitor's own value when it is not one of them (a bulk upload may
 * set 120 s), so editing a monitor never silently changes a setting the user did not touch.
 */
const withCurrent = (choices: readonly number[], label: (value: number) => string, current?: number): SelectOption[] =>
  [...new Set([...choices, ...(current === undefined ? [] : [current])])]
    .sort((a, b) => a - b)
    .map((value) => ({ value, label: label(value) }));

export const intervalChoices = (current?: number): SelectOption[] => withCurrent(CHECK_INTERVAL_OPTIONS, intervalLabel, current);

export const timeoutChoices = (current?: number): SelectOption[] => withCurrent(TIMEOUT_OPTIONS, timeoutLabel, current);

/** Spec §2: "Found N monitor(s) matching" the term, while a search is active. */
export const searchSummary = (total: number, term: string): string => `Found ${total} monitor(s) matching "${term}"`;
