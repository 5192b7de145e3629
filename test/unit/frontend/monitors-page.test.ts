import { describe, expect, it } from 'vitest';
import { subscriptionLimits } from '../../../shared/account/subscription.js';
import { TEXT } from '../../../shared/texts.js';
import { TIERS } from '../../../shared/tiers.js';
import { csvFileProblem } from '../../../frontend/src/utils/csv-file';
import { intervalChoices, intervalHint, searchSummary, timeoutChoices } from '../../../frontend/src/features/monitors/utils/format';
import {
  isPlanLimitError,
  LIMIT_BANNER_TITLE,
  limitLevel,
  tierCapsText,
  upgradeTierIds,
  usageText,
} from '../../../frontend/src/features/monitors/utils/plan';
import { ApiError } from '../../../frontend/src/lib/api-client';

describe('monitor limit banner', () => {
  it('shows Monitor Limit Reached when the free plan has its one monitor', () => {
    const level = limitLevel(subscriptionLimits(TIERS.free, 1));
    expect(level).toBe('reached');
    expect(LIMIT_BANNER_TITLE[level!]).toBe('Monitor Limit Reached');
  });

  it('shows Approaching Monitor Limit from 80 percent of the cap', () => {
    expect(limitLevel(subscriptionLimits(TIERS.pro, 8))).toBe('approaching');
    expect(LIMIT_BANNER_TITLE.approaching).toBe('Approaching Monitor Limit');
    expect(limitLevel(subscriptionLimits(TIERS.business, 40))).toBe('approaching');
  });

  it('shows no banner below 80 percent, or before the limits are loaded', () => {
    expect(limitLevel(subscriptionLimits(TIERS.pro, 7))).toBeNull();
    expect(limitLevel(subscriptionLimits(TIERS.free, 0))).toBeNull();
    expect(limitLevel(undefined)).toBeNull();
  });

  it('words the usage with the plan name', () => {
    expect(usageText(subscriptionLimits(TIERS.free, 1))).toBe('You are using 1 of 1 monitor on the Free plan.');
    expect(usageText(subscriptionLimits(TIERS.pro, 8))).toBe('You are using 8 of 10 monitors on the Pro plan.');
  });
});

describe('upgrade view', () => {
  it('opens for the monitor-limit and plan-interval refusals', () => {
    const limit = new ApiError(403, 'MONITOR_LIMIT_REACHED', 'Monitor limit reached: your Free plan allows 1 monitor. Upgrade your plan to add more.');
    const interval = new ApiError(400, 'PLAN_INTERVAL_NOT_ALLOWED', 'The Free plan checks at most every 5 minutes. Choose a longer interval or upgrade your plan.');
    expect(isPlanLimitError(limit)).toBe(true);
    expect(isPlanLimitError(interval)).toBe(true);
  });

  it('opens for a detail that mentions the monitor limit or the plan, whatever the code', () => {
    expect(isPlanLimitError(new ApiError(403, 'FORBIDDEN', 'You have reached your monitor limit'))).toBe(true);
    expect(isPlanLimitError(new ApiError(400, null, 'Not available on your plan'))).toBe(true);
  });

  it('stays on the form for other failures', () => {
    expect(isPlanLimitError(new ApiError(400, 'VALIDATION_FAILED', 'Please enter a valid URL (including http:// or https://)'))).toBe(false);
    expect(isPlanLimitError(new ApiError(400, 'VALIDATION_FAILED', 'The explanation is planned'))).toBe(false);
    expect(isPlanLimitError(new ApiError(0, 'NETWORK_ERROR', 'Network error. Please try again.'))).toBe(false);
    expect(isPlanLimitError(new Error('Monitor limit reached'))).toBe(false);
  });

  it('offers every plan with a bigger monitor cap than the current one', () => {
    expect(upgradeTierIds('free')).toEqual(['pro', 'business', 'enterprise']);
    expect(upgradeTierIds('pro')).toEqual(['business', 'enterprise']);
    expect(upgradeTierIds('enterprise')).toEqual([]);
  });
});

describe('bulk upload file choice', () => {
  it('accepts a file whose name ends in .csv, in any case', () => {
    expect(csvFileProblem({ name: 'monitors.csv' })).toBeNull();
    expect(csvFileProblem({ name: 'MONITORS.CSV' })).toBeNull();
  });

  it('asks for a CSV file when none is chosen or the name does not end in .csv', () => {
    expect(csvFileProblem(null)).toBe(TEXT.selectCsvFile);
    expect(csvFileProblem({ name: 'monitors.xlsx' })).toBe('Please select a CSV file');
    expect(csvFileProblem({ name: 'monitors.csv.txt' })).toBe(TEXT.selectCsvFile);
  });

  it('states the monitor cap of every tier', () => {
    expect(tierCapsText()).toBe('Free 1 monitor, Pro 10 monitors, Business 50 monitors, Enterprise 500 monitors');
  });
});

describe('monitor form choices and search text', () => {
  it("offers the form's interval and timeout options, every plan's floor among them", () => {
    expect(intervalChoices(TIERS.business).map((option) => option.label)).toEqual(['30 s', '1 min', '5 min', '10 min', '15 min', '30 min', '1 hour']);
    expect(intervalChoices(TIERS.business).every((option) => !option.disabled)).toBe(true);
    expect(intervalChoices(TIERS.enterprise)[0]).toEqual({ value: 30, label: '30 s' });
    expect(timeoutChoices().map((option) => option.value)).toEqual([10, 30, 60]);
  });

  it("keeps an edited monitor's own interval and timeout among the options", () => {
    expect(intervalChoices(TIERS.business, 120).map((option) => option.label)).toEqual(['30 s', '1 min', '2 min', '5 min', '10 min', '15 min', '30 min', '1 hour']);
    expect(intervalChoices(TIERS.business, 300)).toHaveLength(7);
    expect(timeoutChoices(5).map((option) => option.value)).toEqual([5, 10, 30, 60]);
  });

  it('shows intervals below the plan floor locked, naming the plan that allows them', () => {
    const free = intervalChoices(TIERS.free);
    expect(free.slice(0, 2)).toEqual([
      { value: 30, label: '30 s (Business plan)', disabled: true },
      { value: 60, label: '1 min (Pro plan)', disabled: true },
    ]);
    expect(free.slice(2).every((option) => !option.disabled)).toBe(true);
    expect(intervalChoices(TIERS.pro)[0]).toEqual({ value: 30, label: '30 s (Business plan)', disabled: true });
    expect(intervalChoices(TIERS.pro).slice(1).every((option) => !option.disabled)).toBe(true);
    expect(intervalHint(TIERS.free)).toBe('Your Free plan checks every 5 min at most often; 1 min checks need the Pro plan, 30 s checks the Business plan.');
    expect(intervalHint(TIERS.pro)).toBe('Your Pro plan checks every 1 min at most often; 30 s checks need the Business plan.');
    expect(intervalHint(TIERS.business)).toBeUndefined();
    expect(intervalHint(TIERS.enterprise)).toBeUndefined();
  });

  it("keeps a monitor's own interval choosable even below the plan floor", () => {
    expect(intervalChoices(TIERS.free, 60)[1]).toEqual({ value: 60, label: '1 min' });
    expect(intervalChoices(TIERS.pro, 30)[0]).toEqual({ value: 30, label: '30 s' });
  });

  it('says how many monitors match the search term, singular or plural', () => {
    expect(searchSummary(2, 'shop')).toBe('Found 2 monitors matching "shop"');
    expect(searchSummary(1, 'shop')).toBe('Found 1 monitor matching "shop"');
  });
});
