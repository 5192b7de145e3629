/**
 * Waits for every promise, then passes on the first failure (by position), if any, else every
 * value. For work done side by side under one claim (an alert's channels, its notices, its mail's
 * link): nothing is still running when a failure releases the claim for the retry.
 */
export const settleAll = async <T extends readonly unknown[]>(promises: T): Promise<{ -readonly [K in keyof T]: Awaited<T[K]> }> => {
  const settled = await Promise.allSettled(promises);
  const failure = settled.find((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected');
  if (failure) throw failure.reason;
  return settled.map((outcome) => (outcome as PromiseFulfilledResult<unknown>).value) as { -readonly [K in keyof T]: Awaited<T[K]> };
};
