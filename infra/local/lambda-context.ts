import { randomUUID } from 'node:crypto';
import type { Context } from 'aws-lambda';

/**
 * The Lambda context the local cloud hands each invocation, as Lambda does: the function's name and
 * a fresh request id, so that every line the invocation logs names both (docs/observability.md).
 * Local function names are the event-source rows' (`checker@eu-west-1`, `processor`, `dispatcher`)
 * and `api-<area>` for the API.
 */
export const localLambdaContext = (functionName: string, timeoutMs = 900_000): Context => {
  const started = Date.now();
  const awsRequestId = randomUUID();
  return {
    callbackWaitsForEmptyEventLoop: true,
    functionName,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:us-east-1:000000000000:function:${functionName}`,
    memoryLimitInMB: '1024',
    awsRequestId,
    logGroupName: `/aws/lambda/${functionName}`,
    logStreamName: 'local',
    getRemainingTimeInMillis: () => Math.max(0, timeoutMs - (Date.now() - started)),
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
};
