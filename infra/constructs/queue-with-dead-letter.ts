import { Duration } from 'aws-cdk-lib';
import { Alarm, ComparisonOperator, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { deadLetterQueueName, MAX_RECEIVE_COUNT } from '../../shared/queues.js';

export interface QueueWithDeadLetterProps {
  /** Physical queue name; named (not generated) so other regions can address it by name alone. */
  readonly queueName: string;
  /**
   * How long a received message stays hidden from other consumers; at least 6x the consumer's
   * timeout (infra/stacks/pipeline-functions.ts), or a message still being handled is delivered twice.
   * @default one minute
   */
  readonly visibilityTimeout?: Duration;
  /**
   * Receives before a message is dead-lettered (shared/queues.ts `maxReceiveCountOf`).
   * @default MAX_RECEIVE_COUNT
   */
  readonly maxReceiveCount?: number;
  /** What an operator should do when the alarm fires, added to its description. */
  readonly deadLetterAdvice?: string;
}

/**
 * A queue with its dead-letter queue and an alarm that fires as soon as anything lands there: every
 * queue of the pipeline is built this way (docs/operations.md "Redrive a dead-letter queue"), so a poisoned message is kept for two
 * weeks and seen, never silently dropped.
 */
export class QueueWithDeadLetter extends Construct {
  readonly queueName: string;
  readonly visibilityTimeout: Duration;
  readonly maxReceiveCount: number;
  readonly queue: Queue;
  readonly deadLetterQueue: Queue;
  readonly deadLetterAlarm: Alarm;

  constructor(scope: Construct, id: string, props: QueueWithDeadLetterProps) {
    super(scope, id);
    this.queueName = props.queueName;
    this.visibilityTimeout = props.visibilityTimeout ?? Duration.minutes(1);
    this.maxReceiveCount = props.maxReceiveCount ?? MAX_RECEIVE_COUNT;

    this.deadLetterQueue = new Queue(this, 'DeadLetterQueue', {
      queueName: deadLetterQueueName(props.queueName),
      retentionPeriod: Duration.days(14),
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
    });

    this.queue = new Queue(this, 'Queue', {
      queueName: props.queueName,
      visibilityTimeout: this.visibilityTimeout,
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      deadLetterQueue: { queue: this.deadLetterQueue, maxReceiveCount: this.maxReceiveCount },
    });

    this.deadLetterAlarm = new Alarm(this, 'DeadLetterAlarm', {
      alarmName: `${props.queueName} has dead letters`,
      alarmDescription: [
        `Messages of ${props.queueName} failed ${this.maxReceiveCount} times and wait in ${deadLetterQueueName(props.queueName)}.`,
        ...(props.deadLetterAdvice ? [props.deadLetterAdvice] : []),
      ].join(' '),
      metric: this.deadLetterQueue.metricApproximateNumberOfMessagesVisible({ period: Duration.minutes(5) }),
      threshold: 1,
      evaluationPeriods: 1,
      comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });
  }
}
