import { Duration } from 'aws-cdk-lib';
import { Alarm, ComparisonOperator, Metric, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { RESULTS_AGE_METRIC } from '../../shared/checks/results-age.js';
import { METRICS_SERVICE } from '../../shared/metrics.js';
import { SQS_MAX_DELAY_SECONDS } from '../../shared/checks/check-round.js';

/** How old the oldest result may be, for three minutes in a row, before the alarm fires. */
export const RESULTS_AGE_ALARM_SECONDS = 60;

/**
 * A growing results backlog is visible (docs/PERFORMANCE.md): the monitors' states shown to users
 * fall behind. Two alarms on the results queue:
 * - the processor's own metric (functions/checks/results-backlog.ts): the age of the oldest check
 *   result in each batch it receives. Results are never delayed, so this is pure waiting; it fires
 *   when that stays over RESULTS_AGE_ALARM_SECONDS for three minutes;
 * - SQS's ApproximateAgeOfOldestMessage, which also sees a processor that receives nothing at all.
 *   Round deadlines are sent delayed by up to SQS_MAX_DELAY_SECONDS, so its threshold sits above
 *   that.
 */
export class ResultsBacklogAlarms extends Construct {
  readonly resultsAgeAlarm: Alarm;
  readonly oldestMessageAlarm: Alarm;

  constructor(scope: Construct, id: string, props: { queueName: string; queue: IQueue }) {
    super(scope, id);
    this.resultsAgeAlarm = new Alarm(this, 'ResultsAgeAlarm', {
      alarmName: `${props.queueName} results wait too long`,
      alarmDescription: `Check results waited more than ${RESULTS_AGE_ALARM_SECONDS} s in ${props.queueName} before the processor received them, for 3 minutes: monitor states are late. See the processor's duration, errors and throttles, and DynamoDB throttling.`,
      metric: new Metric({
        namespace: RESULTS_AGE_METRIC.namespace,
        metricName: RESULTS_AGE_METRIC.name,
        // Powertools Metrics puts the `service` dimension on every metric (functions/observability/metrics.ts).
        dimensionsMap: { service: METRICS_SERVICE },
        statistic: 'Maximum',
        period: Duration.minutes(1),
      }),
      threshold: RESULTS_AGE_ALARM_SECONDS,
      evaluationPeriods: 3,
      comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });
    this.oldestMessageAlarm = new Alarm(this, 'OldestMessageAlarm', {
      alarmName: `${props.queueName} is not drained`,
      alarmDescription: `The oldest message in ${props.queueName} is older than any round deadline's delay: the result processor is not receiving.`,
      metric: props.queue.metricApproximateAgeOfOldestMessage({ period: Duration.minutes(1), statistic: 'Maximum' }),
      threshold: SQS_MAX_DELAY_SECONDS + 300,
      evaluationPeriods: 3,
      comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });
  }
}
