import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import { checkQueueName } from '../../shared/queues.js';
import { QueueWithDeadLetter } from '../constructs/queue-with-dead-letter.js';
import { stageResourceName } from './stage-names.js';

export interface CheckerStackProps extends StackProps {
  readonly stage: string;
}

/**
 * One checker region: the queue the home region's dispatcher fills with check jobs for this region.
 * Deployed once per checker region, so it takes nothing but plain strings from the home region
 * (CloudFormation cannot reference across regions); queue names are fixed for the same reason, so the
 * dispatcher can address every region's queue from its name alone.
 */
export class CheckerStack extends Stack {
  readonly checkQueue: QueueWithDeadLetter;

  constructor(scope: Construct, id: string, props: CheckerStackProps) {
    super(scope, id, props);

    this.checkQueue = new QueueWithDeadLetter(this, 'CheckQueue', {
      queueName: stageResourceName(checkQueueName(this.region), props.stage),
    });

    new CfnOutput(this, 'CheckQueueArn', { value: this.checkQueue.queue.queueArn });
    new CfnOutput(this, 'CheckQueueUrl', { value: this.checkQueue.queue.queueUrl });
  }
}
