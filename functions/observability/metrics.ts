import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';
import { METRIC, METRICS_NAMESPACE, METRICS_SERVICE, type MetricName } from '../../shared/metrics.js';
import { logger } from './logger.js';

/**
 * The pipeline's CloudWatch metrics, through Powertools Metrics in embedded metric format: a JSON
 * line in the function's log that CloudWatch turns into metrics, no API call (docs/observability.md).
 * Names and namespace come from shared/metrics.ts, where the alarms read them too.
 *
 * A metric without dimensions of its own is kept in the invocation's buffer and published once at
 * its end (Powertools' `logMetrics` middleware, lambda-entry.ts); a count with dimensions (a region,
 * an outcome, a kind) is its own EMF line, published at once. The local cloud sets
 * POWERTOOLS_METRICS_DISABLED=true (metrics would only fill its console); the instance is made at
 * first use, after the local cloud set its environment.
 */
let instance: Metrics | undefined;

/**
 * Powertools Metrics' own warnings go to the functions' logger, but for the one it gives at the end
 * of every invocation that counted nothing: that is most API requests, not worth a line.
 */
const EMPTY_METRICS_WARNING = 'No application metrics to publish';

const metricsLogger = {
  debug: (...args: unknown[]) => logger.debug(String(args[0])),
  info: (...args: unknown[]) => logger.info(String(args[0])),
  warn: (...args: unknown[]) => {
    if (!String(args[0]).startsWith(EMPTY_METRICS_WARNING)) logger.warn(String(args[0]));
  },
  error: (...args: unknown[]) => logger.error(String(args[0])),
};

export const metrics = (): Metrics =>
  (instance ??= new Metrics({ namespace: METRICS_NAMESPACE, serviceName: METRICS_SERVICE, logger: metricsLogger }));

/** Adds to a count published at the end of the invocation. */
export const addCount = (name: MetricName, value: number): void => {
  if (value > 0) metrics().addMetric(name, MetricUnit.Count, value);
};

/** A count under its own dimensions, published now as one EMF line. */
export const addCountWith = (name: MetricName, dimensions: Record<string, string>, value: number): void => {
  if (value <= 0) return;
  const single = metrics().singleMetric();
  for (const [key, dimension] of Object.entries(dimensions)) single.addDimension(key, dimension);
  single.addMetric(name, MetricUnit.Count, value);
};

/** Counts `items` by the dimensions `dimensionsOf` gives each, one EMF line per distinct set. */
export const addCountsBy = <T>(name: MetricName, items: readonly T[], dimensionsOf: (item: T) => Record<string, string>): void => {
  const groups = new Map<string, { dimensions: Record<string, string>; count: number }>();
  for (const item of items) {
    const dimensions = dimensionsOf(item);
    const key = JSON.stringify(dimensions);
    const group = groups.get(key) ?? { dimensions, count: 0 };
    group.count += 1;
    groups.set(key, group);
  }
  for (const { dimensions, count } of groups.values()) addCountWith(name, dimensions, count);
};

/** The age of the oldest check result of a processor batch, in seconds (pipeline lag). */
export const addResultsQueueAge = (ageSeconds: number): void => {
  metrics().addMetric(METRIC.resultsQueueAge, MetricUnit.Seconds, ageSeconds);
};

/** One dispatcher run, stamped with its tick's due time and published at once (the missing-tick alarm). */
export const addDispatcherTick = (scheduledAt: Date): void => {
  const single = metrics().singleMetric();
  single.setTimestamp(scheduledAt);
  single.addMetric(METRIC.dispatcherTicks, MetricUnit.Count, 1);
};

/**
 * Publishes what was buffered, for work that runs outside a Lambda entry (whose `logMetrics`
 * publishes at the end of each invocation); nothing when nothing was buffered.
 */
export const flushMetrics = (): void => {
  if (instance?.hasStoredMetrics()) instance.publishStoredMetrics();
};
