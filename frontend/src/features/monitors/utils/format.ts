import { FORM_INTERVAL_CHOICES, TIMEOUT_OPTIONS } from '@shared/monitors/schemas.js';
import { countOf } from '@shared/texts.js';
import { lowestTierAllowingInterval, TIER_IDS, TIERS, type Tier } from '@shared/tiers.js';
import { intervalLabel, timeoutLabel } from '@/utils/monitor-format';

export interface SelectOption {
  value: number;
  label: string;
  disabled?: boolean;
}

/**
 * The form's choices (docs/product-rules.md "Intervals and timeouts"), plus the monitor's own value when it is not one of them (a bulk upload may
 * set 120 s), so editing a monitor never silently changes a setting the user did not touch.
 */
const withCurrent = (choices: readonly number[], label: (value: number) => string, current?: number): SelectOption[] =>
  [...new Set([...choices, ...(current === undefined ? [] : [current])])]
    .sort((a, b) => a - b)
    .map((value) => ({ value, label: label(value) }));

/**
 * The interval choices on `tier`: those shorter than its floor are shown locked, naming the plan
 * that allows them ("1 min (Pro plan)"), rather than offered and then refused by the server. The
 * monitor's own value stays choosable (a monitor kept from a bigger plan may keep its interval).
 */
export const intervalChoices = (tier: Tier, current?: number): SelectOption[] =>
  withCurrent(FORM_INTERVAL_CHOICES, intervalLabel, current).map((option) =>
    option.value < tier.minCheckIntervalSeconds && option.value !== current
      ? { ...option, label: `${option.label} (${lowestTierAllowingInterval(option.value).name} plan)`, disabled: true }
      : option,
  );

/**
 * The hint under the interval choices when some are locked: what the plan allows and, for each
 * shorter floor of a bigger plan (shared/tiers.ts), which plan gives it ("1 min checks need the Pro
 * plan, 30 s checks the Business plan").
 */
export const intervalHint = (tier: Tier): string | undefined => {
  const floors = [...new Set(TIER_IDS.map((id) => TIERS[id].minCheckIntervalSeconds))]
    .filter((seconds) => seconds < tier.minCheckIntervalSeconds)
    .sort((a, b) => b - a);
  if (!floors.length) return undefined;
  const needs = floors.map((seconds, index) =>
    `${intervalLabel(seconds)} checks ${index === 0 ? 'need ' : ''}the ${lowestTierAllowingInterval(seconds).name} plan`,
  );
  return `Your ${tier.name} plan checks every ${intervalLabel(tier.minCheckIntervalSeconds)} at most often; ${needs.join(', ')}.`;
};

export const timeoutChoices = (current?: number): SelectOption[] => withCurrent(TIMEOUT_OPTIONS, timeoutLabel, current);

/** docs/product-rules.md "Monitors and their states": "Found N monitor(s) matching" the term, while a search is active, with the right number. */
export const searchSummary = (total: number, term: string): string =>
  `Found ${countOf(total, 'monitor')} matching "${term}"`;
