/**
 * The service's CloudWatch metrics (docs/observability.md): one namespace and one `service`
 * dimension for every metric the functions emit (functions/observability/metrics.ts, Powertools
 * Metrics in embedded metric format) and every alarm the stacks put on them.
 */
export const METRICS_NAMESPACE = 'Upwatch';

/** Powertools' `service` dimension, on every metric; alarms name it too. */
export const METRICS_SERVICE = 'upwatch';

export const METRIC = {
  /** Checks a checker ran, by `region` and `outcome` (up | down). */
  checksRun: 'ChecksRun',
  /** Rounds the result processor decided and applied (one state write each). */
  roundsDecided: 'RoundsDecided',
  /** Monitor state changes, by `kind` (down | up | slow): each opens or resolves an incident. */
  transitions: 'Transitions',
  /** Alert mails SES accepted. */
  alertMailsSent: 'AlertMailsSent',
  /** Alert mails that failed a try (retried with back-off, then dead-lettered). */
  alertMailsFailed: 'AlertMailsFailed',
  /** Channel deliveries by outcome (delivered, retry, failed, skipped), dimension `outcome`. */
  channelDeliveries: 'ChannelDeliveries',
  /** Age of the oldest check result in each batch the processor receives (pipeline lag). */
  resultsQueueAge: 'ResultsQueueAgeSeconds',
  /** One per dispatcher run and shard, stamped with the tick's due time: a missing tick shows. */
  dispatcherTicks: 'DispatcherTicks',
} as const;

export type MetricName = (typeof METRIC)[keyof typeof METRIC];
