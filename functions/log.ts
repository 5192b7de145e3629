/**
 * Structured logging: one JSON object per line, so CloudWatch Logs Insights (and `grep` locally) can
 * filter on fields. Stacks go to the log only, never into a response.
 */

const describeError = (error: unknown, depth = 0): unknown => {
  if (!(error instanceof Error)) return error;
  const aws = error as Error & { $metadata?: { httpStatusCode?: number; requestId?: string }; $fault?: string };
  return {
    name: error.name,
    message: error.message,
    stack: error.stack,
    ...(aws.$metadata ? { httpStatusCode: aws.$metadata.httpStatusCode, awsRequestId: aws.$metadata.requestId } : {}),
    ...(error.cause !== undefined && depth < 3 ? { cause: describeError(error.cause, depth + 1) } : {}),
  };
};

export const logError = (message: string, error: unknown, fields: Record<string, unknown> = {}): void => {
  console.error(JSON.stringify({ level: 'error', message, ...fields, error: describeError(error) }));
};

export const logWarning = (message: string, fields: Record<string, unknown> = {}): void => {
  console.warn(JSON.stringify({ level: 'warn', message, ...fields }));
};

export const logInfo = (message: string, fields: Record<string, unknown> = {}): void => {
  console.log(JSON.stringify({ level: 'info', message, ...fields }));
};
