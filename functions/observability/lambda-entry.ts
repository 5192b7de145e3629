import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import { logMetrics } from '@aws-lambda-powertools/metrics/middleware';
import { captureLambdaHandler } from '@aws-lambda-powertools/tracer/middleware';
import middy from '@middy/core';
import type { Context } from 'aws-lambda';
import { logger, withLogKeys } from './logger.js';
import { metrics } from './metrics.js';
import { tracer } from './tracer.js';

/**
 * What every Lambda entry (API area, queue consumer, scheduled function) is wrapped in, so each line
 * it logs carries the function and the request (docs/observability.md):
 * - Powertools' `injectLambdaContext` (middy) puts the Lambda context on the logger: cold start,
 *   ARN, memory, function name, request id. The event is never logged (it carries passwords and
 *   tokens), whatever POWERTOOLS_LOGGER_LOG_EVENT says.
 * - The invocation's own `function_name` and `function_request_id` open its key scope (logger.ts),
 *   so they stay right where invocations run side by side (the local cloud; the logger's context is
 *   one per process).
 * - Powertools' `logMetrics` (middy) publishes the metrics the invocation buffered when it ends,
 *   even when it fails.
 * - Powertools' `captureLambdaHandler` (middy) records the invocation as a subsegment of its X-Ray
 *   trace (tracer.ts), with a cold-start annotation and any error, but never the response (it
 *   carries user data); a no-op where tracing is off (locally, in tests).
 * The chain is built at the first invocation, after the local cloud set its environment (the
 * metrics and tracer instances read it). The local cloud passes a context like Lambda's
 * (infra/local/lambda-context.ts); a test may pass none.
 */
export const lambdaEntry = <E, R>(handler: (event: E, context: Context) => Promise<R>): ((event: E, context?: Context) => Promise<R>) => {
  let chain: ((event: E, context: Context) => Promise<R>) | undefined;
  const build = () =>
    middy<E, R>()
      .use(captureLambdaHandler(tracer(), { captureResponse: false }))
      .use(injectLambdaContext(logger, { logEvent: false }))
      .use(logMetrics(metrics()))
      .handler(handler);
  return (event, context) =>
    withLogKeys({ function_name: context?.functionName, function_request_id: context?.awsRequestId }, () =>
      (chain ??= build())(event, (context ?? {}) as Context),
    );
};
