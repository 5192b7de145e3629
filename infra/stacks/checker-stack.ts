import { CfnOutput, Stack, Tags, type StackProps } from 'aws-cdk-lib';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { Construct } from 'constructs';
import { CHECK_RESULTS_QUEUE, checkQueueName } from '../../shared/queues.js';
import type { PipelineFunction } from '../constructs/pipeline-function.js';
import { QueueWithDeadLetter } from '../constructs/queue-with-dead-letter.js';
import { QUEUE_CONSUMERS } from '../event-sources.js';
import { addQueueConsumer, queueAddress, visibilityTimeoutFor } from './pipeline-functions.js';
import { monitorSecretsKeyAlias, OPENS_MONITOR_SECRETS_TAG, stageResourceName } from './stage-names.js';

export interface CheckerStackProps extends StackProps {
  readonly stage: string;
  readonly repoRoot: string;
  /** Where the results queue is: checkers send their results there. */
  readonly homeRegion: string;
}

/**
 * One checker region: the queue the home region's dispatcher fills with check jobs for this region,
 * and every queue consumer of infra/event-sources.ts that runs per checker region (the checker).
 * Deployed once per checker region, so it takes nothing but plain strings from the home region
 * (CloudFormation cannot reference across regions); queue names are fixed for the same reason, so the
 * dispatcher can address every region's queue, and the checkers the results queue, by name alone.
 */
export class CheckerStack extends Stack {
  readonly checkQueue: QueueWithDeadLetter;
  /** The per-region queue consumers, by their event-sources.ts name. */
  readonly functions: ReadonlyMap<string, PipelineFunction>;

  constructor(scope: Construct, id: string, props: CheckerStackProps) {
    super(scope, id, props);

    const consumers = QUEUE_CONSUMERS.filter((consumer) => consumer.perCheckerRegion);
    const checkQueue = checkQueueName(this.region);
    this.checkQueue = new QueueWithDeadLetter(this, 'CheckQueue', {
      queueName: stageResourceName(checkQueue, props.stage),
      visibilityTimeout: visibilityTimeoutFor(checkQueue, consumers, this.region),
    });

    const results = queueAddress(stageResourceName(CHECK_RESULTS_QUEUE, props.stage), props.homeRegion, this.account);
    const functions = new Map<string, PipelineFunction>();
    for (const consumer of consumers) {
      const name = consumer.queueName(this.region);
      if (name !== checkQueue) throw new Error(`${consumer.name} consumes ${name}; a checker stack owns only ${checkQueue}`);
      const fn = addQueueConsumer(this, consumer, this.checkQueue, {
        repoRoot: props.repoRoot,
        stage: props.stage,
        environment: {
          RESULTS_QUEUE_URL: results.url,
          HOME_REGION: props.homeRegion,
          // Monitor secrets come sealed in the jobs; their data keys are opened by KMS in the home
          // region, which the data stack's key policy allows for roles with this tag (docs/checks.md "Secrets").
          SECRETS_KMS_KEY_ID: monitorSecretsKeyAlias(props.stage),
          SECRETS_KMS_REGION: props.homeRegion,
        },
      });
      fn.function.addToRolePolicy(new PolicyStatement({ actions: ['sqs:SendMessage'], resources: [results.arn] }));
      Tags.of(fn.function.role!).add(OPENS_MONITOR_SECRETS_TAG, props.stage);
      functions.set(consumer.name, fn);
    }
    this.functions = functions;

    new CfnOutput(this, 'CheckQueueArn', { value: this.checkQueue.queue.queueArn });
    new CfnOutput(this, 'CheckQueueUrl', { value: this.checkQueue.queue.queueUrl });
  }
}
