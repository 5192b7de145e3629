import { AppError } from '../../../shared/errors.js';
import { countOf } from '../../../shared/texts.js';
import { monitorLimitReachedText, type Tier } from '../../../shared/tiers.js';

/**
 * How a plan's limits are worded when a request goes past them. The UI switches the monitor modal
 * to its upgrade view when the detail mentions the monitor limit or the plan, so both texts do.
 */


/** "30 seconds", "minute", "5 minutes", "hour": the words after "every". */
export const describeInterval = (seconds: number): string => {
  if (seconds % 3600 === 0) return seconds === 3600 ? 'hour' : countOf(seconds / 3600, 'hour');
  if (seconds % 60 === 0) return seconds === 60 ? 'minute' : countOf(seconds / 60, 'minute');
  return countOf(seconds, 'second');
};

export const monitorLimitReached = (tier: Tier): AppError => new AppError('MONITOR_LIMIT_REACHED', monitorLimitReachedText(tier));

export const intervalNotAllowed = (tier: Tier): AppError =>
  new AppError(
    'PLAN_INTERVAL_NOT_ALLOWED',
    `The ${tier.name} plan checks at most every ${describeInterval(tier.minCheckIntervalSeconds)}. ` +
      'Choose a longer interval or upgrade your plan.',
    [{ field: 'check_interval', message: `Your plan allows intervals of ${countOf(tier.minCheckIntervalSeconds, 'second')} or more` }],
  );

/** Throws the 400 (PLAN_INTERVAL_NOT_ALLOWED, shared/errors.ts) when `checkInterval` is shorter than the plan's floor. */
export const assertIntervalAllowed = (tier: Tier, checkInterval: number): void => {
  if (checkInterval < tier.minCheckIntervalSeconds) throw intervalNotAllowed(tier);
};
