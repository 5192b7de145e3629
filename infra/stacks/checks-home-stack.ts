import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import { ALERTS_QUEUE, CHECK_RESULTS_QUEUE } from '../../shared/queues.js';
import { QueueWithDeadLetter } from '../constructs/queue-with-dead-letter.js';
import { stageResourceName } from './stage-names.js';

export interface ChecksHomeStackProps extends StackProps {
  readonly stage: string;
}

/**
 * The home-region half of the check pipeline: the results queue every region's checker reports to,
 * and the alert outbox queue between the result processor and the mailer.
 */
export class ChecksHomeStack extends Stack {
  readonly resultsQueue: QueueWithDeadLetter;
  readonly alertsQueue: QueueWithDeadLetter;

  constructor(scope: Construct, id: string, props: ChecksHomeStackProps) {
    super(scope, id, props);

    this.resultsQueue = new QueueWithDeadLetter(this, 'ResultsQueue', {
      queueName: stageResourceName(CHECK_RESULTS_QUEUE, props.stage),
    });
    this.alertsQueue = new QueueWithDeadLetter(this, 'AlertsQueue', {
      queueName: stageResourceName(ALERTS_QUEUE, props.stage),
    });

    new CfnOutput(this, 'ResultsQueueArn', { value: this.resultsQueue.queue.queueArn });
    new CfnOutput(this, 'ResultsQueueUrl', { value: this.resultsQueue.queue.queueUrl });
    new CfnOutput(this, 'AlertsQueueArn', { value: this.alertsQueue.queue.queueArn });
    new CfnOutput(this, 'AlertsQueueUrl', { value: this.alertsQueue.queue.queueUrl });
  }
}
