import { Duration } from 'aws-cdk-lib';
import { Alarm, ComparisonOperator, Metric, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
import { Construct } from 'constructs';
import { METRIC, METRICS_NAMESPACE, METRICS_SERVICE } from '../../shared/metrics.js';

/** The window the alarm counts ticks in. */
export const DISPATCHER_TICK_WINDOW_MINUTES = 5;

/**
 * The dispatcher missing a tick (docs/observability.md "Alarms"): each run of each shard counts one
 * DispatcherTicks at its tick's due time (functions/scheduled/dispatch-checks.ts), so a window of
 * DISPATCHER_TICK_WINDOW_MINUTES holds exactly `shards` x that many. Fewer means a shard's schedule
 * did not fire, or its run never started (throttled, the function broken at cold start): the
 * monitors of that shard were not checked. No data at all is the same and alarms too. A run that
 * starts and then fails is the function's errors alarm.
 */
export class DispatcherTickAlarm extends Construct {
  readonly alarm: Alarm;

  constructor(scope: Construct, id: string, props: { alarmName: string; shards: number; everyMinutes: number }) {
    super(scope, id);
    const expected = (props.shards * DISPATCHER_TICK_WINDOW_MINUTES) / props.everyMinutes;
    this.alarm = new Alarm(this, 'Alarm', {
      alarmName: props.alarmName,
      alarmDescription: `The dispatcher ran fewer than ${expected} times (${props.shards} shards, every ${props.everyMinutes} min) in ${DISPATCHER_TICK_WINDOW_MINUTES} minutes: some monitors were not checked. See its schedules in EventBridge Scheduler, its throttles and its log group.`,
      metric: new Metric({
        namespace: METRICS_NAMESPACE,
        metricName: METRIC.dispatcherTicks,
        dimensionsMap: { service: METRICS_SERVICE },
        statistic: 'Sum',
        period: Duration.minutes(DISPATCHER_TICK_WINDOW_MINUTES),
      }),
      threshold: expected,
      evaluationPeriods: 1,
      comparisonOperator: ComparisonOperator.LESS_THAN_THRESHOLD,
      treatMissingData: TreatMissingData.BREACHING,
    });
  }
}
