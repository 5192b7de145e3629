import { cancellationReasons, isConditionFailure } from './dynamo-errors.js';
import { transact, type TableTransactItem } from './table-commands.js';

/**
 * A failed condition as an answer instead of an error. The commands themselves, with the table
 * bound, are in table-commands.ts (imported as `* as table`).
 */
export type { TableTransactItem, Unbound } from './table-commands.js';

/**
 * A conditional write's outcome as a value: its output, or null when its condition failed (taken
 * e-mail, reached cap, used token are expected answers, not faults). Any other error propagates.
 */
export const resultIfAllowed = async <T>(write: Promise<T>): Promise<T | null> => {
  try {
    return await write;
  } catch (error) {
    if (isConditionFailure(error)) return null;
    throw error;
  }
};

/** True when the conditional write was made, false when its condition failed; any other error propagates. */
export const writeIfAllowed = async (write: Promise<unknown>): Promise<boolean> => (await resultIfAllowed(write)) !== null;

/**
 * A write transaction whose refusals are answers: null once it committed; when it was cancelled
 * because the condition on item `i` failed, `answers[i]` (the lowest such `i` among those given).
 * A transaction cancelled otherwise (another item's condition, a conflict) and any other error
 * propagate.
 */
export const transactIfAllowed = async <const T>(items: readonly TableTransactItem[], answers: Readonly<Record<number, T>>): Promise<T | null> => {
  try {
    await transact(items);
    return null;
  } catch (error) {
    const reasons = cancellationReasons(error);
    const index = Object.keys(answers)
      .map(Number)
      .sort((a, b) => a - b)
      .find((at) => reasons?.[at] === 'ConditionalCheckFailed');
    if (index === undefined) throw error;
    return answers[index] as T;
  }
};
