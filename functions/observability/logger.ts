import { AsyncLocalStorage } from 'node:async_hooks';
import { LogFormatter, LogItem, Logger, LogLevelThreshold } from '@aws-lambda-powertools/logger';
import type { LogAttributes } from '@aws-lambda-powertools/logger/types';
import type { UnformattedAttributes } from '@aws-lambda-powertools/logger/types';
import { METRICS_SERVICE } from '../../shared/metrics.js';
import { redactLogValue, textLogLine } from './log-line.js';

/**
 * The one logger of every function: Powertools for AWS Lambda's Logger (docs/observability.md).
 * On AWS each line is one JSON object with the level, message, time, `service`, the Lambda context
 * (`function_name`, `function_request_id`, `cold_start`, ...: lambda-entry.ts injects it) and the
 * keys of the work in hand (`userId`, `monitorId`, `messageId`, ...). Locally (UPWATCH_LOG_FORMAT=text,
 * set by the local cloud) the same entries are printed as one readable line each (log-line.ts).
 * The level is POWERTOOLS_LOG_LEVEL (default INFO; Lambda's own log-level setting wins on AWS).
 *
 * Keys of the work in hand live in an AsyncLocalStorage scope, not in the logger: `withLogKeys`
 * adds keys for everything a function call does, however it interleaves with other work. A checker
 * runs a pack's jobs side by side and the processor several packs and rounds at once, and the local
 * cloud runs many invocations in one process: Powertools' `appendKeys` would mix their keys up.
 */

const keyScope = new AsyncLocalStorage<LogAttributes>();

const definedKeys = (keys: LogAttributes): LogAttributes =>
  Object.fromEntries(Object.entries(keys).filter(([, value]) => value !== undefined && value !== null && value !== ''));

/** The keys of the work in hand (empty outside any scope). */
export const currentLogKeys = (): LogAttributes => keyScope.getStore() ?? {};

/** Runs `fn` with `keys` on every line it logs, on top of the keys already in scope. */
export const withLogKeys = <T>(keys: LogAttributes, fn: () => T): T =>
  keyScope.run({ ...keyScope.getStore(), ...definedKeys(keys) }, fn);

/**
 * Adds keys to the current scope from here on (the caller's `userId` once the API resolved it), so
 * that every later line of the same invocation carries them. Outside any scope (a handler called
 * without lambdaEntry, in a test) there is no invocation to add them to, and nothing is kept: keys
 * put on the logger itself would outlive the invocation.
 */
export const appendLogKeys = (keys: LogAttributes): void => {
  const scope = keyScope.getStore();
  if (scope) Object.assign(scope, definedKeys(keys));
};

/**
 * Powertools' standard keys, then the keys in scope, then the line's own. The scope's
 * `function_name` / `function_request_id` win over the Lambda context's: they are the invocation's
 * own, where the context is the logger's (the local cloud runs invocations side by side).
 */
class ScopedLogFormatter extends LogFormatter {
  override formatAttributes(attributes: UnformattedAttributes, additionalLogAttributes: LogAttributes): LogItem {
    const context = attributes.lambdaContext;
    return new LogItem({
      attributes: {
        level: attributes.logLevel,
        message: attributes.message,
        timestamp: this.formatTimestamp(attributes.timestamp),
        service: attributes.serviceName,
        cold_start: context?.coldStart,
        function_arn: context?.invokedFunctionArn,
        function_memory_size: context?.memoryLimitInMB,
        function_name: context?.functionName,
        function_request_id: context?.awsRequestId,
        sampling_rate: attributes.sampleRateValue,
        xray_trace_id: attributes.xRayTraceId,
      },
    }).addAttributes({ ...currentLogKeys(), ...additionalLogAttributes });
  }
}

/** JSON for CloudWatch; the local cloud's readable line when UPWATCH_LOG_FORMAT is `text` (read per line: the local cloud sets it after modules load). */
class UpwatchLogger extends Logger {
  protected override printLog(logLevel: number, log: LogItem): void {
    if (process.env.UPWATCH_LOG_FORMAT !== 'text') {
      super.printLog(logLevel, log);
      return;
    }
    log.prepareForPrint();
    // The global console, like the rest of the local cloud's output (a benchmark may redirect it).
    if (logLevel >= LogLevelThreshold.WARN) console.error(textLogLine(log.getAttributes()));
    else console.log(textLogLine(log.getAttributes()));
  }
}

export const logger: Logger = new UpwatchLogger({
  serviceName: METRICS_SERVICE,
  logFormatter: new ScopedLogFormatter(),
  // Secrets never reach a line, whatever a call site passes (log-line.ts).
  jsonReplacerFn: redactLogValue,
});
