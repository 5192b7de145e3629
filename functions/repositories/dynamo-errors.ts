/**
 * Reading DynamoDB's refusals. A failed condition is an expected outcome (taken e-mail, reached cap,
 * used token), so repositories turn it into a result; everything else propagates as a fault.
 */

export const isConditionFailure = (error: unknown): boolean =>
  error instanceof Error && error.name === 'ConditionalCheckFailedException';

/**
 * For a cancelled transaction, the reason code of each item in request order ('None' for items
 * that were fine, 'ConditionalCheckFailed', 'TransactionConflict', ...); null for any other error.
 */
export const cancellationReasons = (error: unknown): string[] | null => {
  if (!(error instanceof Error) || error.name !== 'TransactionCanceledException') return null;
  const reasons = (error as Error & { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? [];
  return reasons.map((reason) => reason.Code ?? 'None');
};

/** True when the transaction was cancelled because the condition on item `index` failed. */
export const conditionFailedAt = (error: unknown, index: number): boolean =>
  cancellationReasons(error)?.[index] === 'ConditionalCheckFailed';
