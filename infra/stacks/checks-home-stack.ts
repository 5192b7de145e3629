import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import type { IKey } from 'aws-cdk-lib/aws-kms';
import type { IUserPool } from 'aws-cdk-lib/aws-cognito';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { Secret, type ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import { pipelinePermissions, type PipelineQueue } from './pipeline-permissions.js';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { Construct } from 'constructs';
import { ALERTS_QUEUE, CHANNEL_DELIVERIES_QUEUE, CHECK_RESULTS_QUEUE, SUBSCRIBER_NOTICES_QUEUE, checkQueueName, maxReceiveCountOf } from '../../shared/queues.js';
import { grantPublishSms, grantSecretsKey, grantSecretValue, grantSendMail, grantSendRawMail, grantStatementUpdates, grantTableAccess } from '../constructs/function-grants.js';
import type { PipelineFunction } from '../constructs/pipeline-function.js';
import { QueueWithDeadLetter } from '../constructs/queue-with-dead-letter.js';
import { ResultsBacklogAlarms } from '../constructs/results-backlog-alarms.js';
import { DispatcherTickAlarm } from '../constructs/dispatcher-tick-alarm.js';
import { QUEUE_CONSUMERS, SCHEDULED_FUNCTIONS } from '../event-sources.js';
import {
  addQueueConsumer,
  addScheduledFunction,
  pipelineSizing,
  queueAddress,
  visibilityTimeoutFor,
  type PipelineFunctionOptions,
} from './pipeline-functions.js';
import { sesConfigurationSetName } from './email-stack.js';
import { stageResourceName } from './stage-names.js';

export interface ChecksHomeStackProps extends StackProps {
  readonly stage: string;
  readonly repoRoot: string;
  readonly table: ITable;
  /** The data stack's secrets key: the channel deliverer opens channel secrets with it (`opensSecrets`). */
  readonly secretsKey: IKey;
  /** Every region with a CheckerStack: the dispatcher fills each one's check queue. */
  readonly checkerRegions: readonly string[];
  /** For the functions that send e-mail (the mailer, the reports): the sender and the SPA's origin for links. */
  readonly mail: { mailFrom: string; appUrl: string };
  /** The payment providers' secret, for the billing period-end function (docs/deploy.md "Payments"). */
  readonly billing?: { secretName: string };
  /** The live-status WebSocket API (live-stack.ts): the functions that declare `publishesLive` push to it. */
  readonly live?: { grantPublish(fn: NodejsFunction): void };
  /**
   * The master of the link-signing keys (the data stack's signing secret): read by the functions
   * that declare `signsLinks` (the subscriber mailer signs each mail's unsubscribe link).
   */
  readonly signingSecret?: ISecret;
  /** The user pool (auth-stack.ts), for the functions that declare `cognito` actions (the unverified-accounts sweep). */
  readonly userPool?: IUserPool;
}

/** What operators read when alerts are dead-lettered (the alarm's description). */
const ALERTS_DEAD_LETTER_ADVICE =
  'These alerts were not mailed (their outbox entries say failed, with the last SES error). Fix the cause, then redrive the dead-letter queue to the alerts queue: the mailer sends each alert once.';

/** What operators read when channel deliveries are dead-lettered (the alarm's description). */
const CHANNEL_DELIVERIES_DEAD_LETTER_ADVICE =
  'Their deliveries stay pending in the table and the delivery sweeper queues each again within minutes: only the messages are dead. Fix the cause (the channel-deliverer log says which: the table or KMS), then redrive the dead-letter queue to the channel-deliveries queue (npm run redrive, or the SQS console): the claim lets each delivery through once.';

/** What operators read when status page subscribers' notices are dead-lettered (the alarm's description). */
const SUBSCRIBER_NOTICES_DEAD_LETTER_ADVICE =
  'These status page notices did not reach every subscriber (the subscriber-mailer log says why: SES or the table). Fix the cause, then redrive the dead-letter queue to the subscriber-notices queue: each subscriber\'s claim lets their mail through once, so those already mailed get nothing twice.';

/**
 * The home-region half of the check pipeline: the results queue every region's checker reports to,
 * the alert outbox queue, the channel-deliveries queue, and the home-region functions of
 * infra/event-sources.ts — each scheduled function with its schedules (the dispatcher, one schedule
 * per shard; the outbox and delivery sweepers; the daily and weekly reports) and each queue
 * consumer that does not run per checker region (the result processor on the results queue, the
 * mailer on the alerts queue, the channel deliverer on the channel-deliveries queue). The functions
 * that send e-mail do so through the EmailStack's identity (and its configuration set).
 *
 * The check queues live in the checker stacks, in other regions: they are addressed by their fixed
 * names (plain strings), never by reference.
 */
export class ChecksHomeStack extends Stack {
  readonly resultsQueue: QueueWithDeadLetter;
  readonly alertsQueue: QueueWithDeadLetter;
  /** One alert's delivery to one channel per message (docs/alerts.md "Delivery"). */
  readonly channelDeliveriesQueue: QueueWithDeadLetter;
  /** One status page's share of a notice to its subscribers per message (docs/status-pages.md "Subscriber mails"). */
  readonly subscriberNoticesQueue: QueueWithDeadLetter;
  /** Home-region queue consumers and scheduled functions, by their event-sources.ts name. */
  readonly functions: ReadonlyMap<string, PipelineFunction>;

  /**
   * What a function needs to start rounds (functions/checks/pipeline-config.ts): the dispatcher and
   * processor here, and the API's force check.
   */
  readonly pipelineEnvironment: Record<string, string>;
  /** Every queue a round-starting function sends to. */
  readonly pipelineQueueArns: string[];

  constructor(scope: Construct, id: string, props: ChecksHomeStackProps) {
    super(scope, id, props);

    const homeConsumers = QUEUE_CONSUMERS.filter((consumer) => !consumer.perCheckerRegion);
    const ownedQueue = (name: string, constructId: string, deadLetterAdvice?: string) =>
      new QueueWithDeadLetter(this, constructId, {
        queueName: stageResourceName(name, props.stage),
        visibilityTimeout: visibilityTimeoutFor(name, homeConsumers, this.region),
        maxReceiveCount: maxReceiveCountOf(name),
        deadLetterAdvice,
      });
    this.resultsQueue = ownedQueue(CHECK_RESULTS_QUEUE, 'ResultsQueue');
    this.alertsQueue = ownedQueue(ALERTS_QUEUE, 'AlertsQueue', ALERTS_DEAD_LETTER_ADVICE);
    this.channelDeliveriesQueue = ownedQueue(CHANNEL_DELIVERIES_QUEUE, 'ChannelDeliveriesQueue', CHANNEL_DELIVERIES_DEAD_LETTER_ADVICE);
    this.subscriberNoticesQueue = ownedQueue(SUBSCRIBER_NOTICES_QUEUE, 'SubscriberNoticesQueue', SUBSCRIBER_NOTICES_DEAD_LETTER_ADVICE);
    new ResultsBacklogAlarms(this, 'ResultsBacklog', { queueName: this.resultsQueue.queueName, queue: this.resultsQueue.queue });
    const queues = new Map([
      [CHECK_RESULTS_QUEUE, this.resultsQueue],
      [ALERTS_QUEUE, this.alertsQueue],
      [CHANNEL_DELIVERIES_QUEUE, this.channelDeliveriesQueue],
      [SUBSCRIBER_NOTICES_QUEUE, this.subscriberNoticesQueue],
    ]);

    const checkQueues = props.checkerRegions.map((region) => ({
      region,
      ...queueAddress(stageResourceName(checkQueueName(region), props.stage), region, this.account),
    }));
    // Dispatcher and processor alike (functions/checks/pipeline-config.ts): the dispatcher sends
    // jobs to every region and round deadlines home; the processor stores results and queues alerts;
    // the mailer fans alerts out to channel deliveries.
    this.pipelineEnvironment = {
      CHECK_QUEUE_URLS: JSON.stringify(Object.fromEntries(checkQueues.map(({ region, url }) => [region, url]))),
      RESULTS_QUEUE_URL: this.resultsQueue.queue.queueUrl,
      ALERTS_QUEUE_URL: this.alertsQueue.queue.queueUrl,
      CHANNEL_DELIVERIES_QUEUE_URL: this.channelDeliveriesQueue.queue.queueUrl,
      SUBSCRIBER_NOTICES_QUEUE_URL: this.subscriberNoticesQueue.queue.queueUrl,
    };
    this.pipelineQueueArns = [
      ...checkQueues.map(({ arn }) => arn),
      this.resultsQueue.queue.queueArn,
      this.alertsQueue.queue.queueArn,
      this.channelDeliveriesQueue.queue.queueArn,
    ];
    const options: PipelineFunctionOptions = {
      repoRoot: props.repoRoot,
      stage: props.stage,
      environment: { TABLE_NAME: props.table.tableName, ...this.pipelineEnvironment },
    };
    const queueArns: Record<PipelineQueue, string[]> = {
      checks: checkQueues.map(({ arn }) => arn),
      results: [this.resultsQueue.queue.queueArn],
      alerts: [this.alertsQueue.queue.queueArn],
      channelDeliveries: [this.channelDeliveriesQueue.queue.queueArn],
      subscriberNotices: [this.subscriberNoticesQueue.queue.queueArn],
    };

    const functions = new Map<string, PipelineFunction>();
    const consumedQueues = new Map<string, QueueWithDeadLetter>();
    for (const consumer of homeConsumers) {
      const name = consumer.queueName(this.region);
      const queue = queues.get(name);
      if (!queue) throw new Error(`${consumer.name} consumes ${name}, which the ChecksHome stack does not own`);
      functions.set(consumer.name, addQueueConsumer(this, consumer, queue, options));
      consumedQueues.set(consumer.name, queue);
    }
    for (const scheduled of SCHEDULED_FUNCTIONS) {
      functions.set(scheduled.name, addScheduledFunction(this, scheduled, options));
      if (scheduled.name === 'dispatcher' && scheduled.everyMinutes) {
        new DispatcherTickAlarm(this, 'DispatcherTicks', {
          alarmName: `${stageResourceName('upwatch-dispatcher', props.stage)} missed a tick`,
          shards: scheduled.inputs.length,
          everyMinutes: scheduled.everyMinutes,
        });
      }
    }
    const billingSecret = props.billing ? Secret.fromSecretNameV2(this, 'BillingSecret', props.billing.secretName) : undefined;
    for (const [name, { function: fn }] of functions) {
      // One policy per function, from what it declares (pipeline-permissions.ts).
      const allowed = pipelinePermissions(name);
      grantTableAccess(fn, props.table, allowed.table);
      if (allowed.updatesByStatement) grantStatementUpdates(fn, props.table);
      const targets = allowed.sendsTo.flatMap((queue) => queueArns[queue]);
      if (targets.length) fn.addToRolePolicy(new PolicyStatement({ actions: ['sqs:SendMessage'], resources: targets }));
      if (pipelineSizing(name).usesBillingSecret && billingSecret && props.billing) {
        grantSecretValue(fn, billingSecret);
        fn.addEnvironment('BILLING_SECRET_ID', props.billing.secretName);
      }
      if (pipelineSizing(name).sendsMail) {
        fn.addEnvironment('MAIL_FROM', props.mail.mailFrom);
        fn.addEnvironment('APP_URL', props.mail.appUrl);
      } else if (pipelineSizing(name).linksToApp) fn.addEnvironment('APP_URL', props.mail.appUrl);
      if (allowed.sendsMail) grantSendMail(fn, { mailFrom: props.mail.mailFrom, configurationSetName: sesConfigurationSetName(props.stage) });
      if (allowed.sendsRawMail) grantSendRawMail(fn, { mailFrom: props.mail.mailFrom, configurationSetName: sesConfigurationSetName(props.stage) });
      if (allowed.opensSecrets) grantSecretsKey(fn, props.secretsKey, { actions: ['kms:Decrypt'], owner: 'channel' });
      if (allowed.publishesSms) grantPublishSms(fn);
      if (allowed.publishesLive) props.live?.grantPublish(fn);
      if (allowed.signsLinks && props.signingSecret) {
        grantSecretValue(fn, props.signingSecret);
        fn.addEnvironment('SIGNING_SECRET_ID', props.signingSecret.secretArn);
      }
      if (allowed.cognito?.length) {
        if (!props.userPool) throw new Error(`${name} declares cognito actions, but the stack was given no user pool`);
        props.userPool.grant(fn, ...allowed.cognito.map((action) => `cognito-idp:${action}`));
        fn.addEnvironment('USER_POOL_ID', props.userPool.userPoolId);
      }
    }
    // The mailer reads and hides its own messages again (a failed alert's back-off).
    for (const [name, { function: fn }] of functions) {
      if (!pipelinePermissions(name).hidesOwnMessages) continue;
      const own = consumedQueues.get(name);
      if (!own) throw new Error(`${name} declares hidesOwnMessages but consumes no queue`);
      own.queue.grant(fn, 'sqs:ChangeMessageVisibility');
    }
    this.functions = functions;

    new CfnOutput(this, 'ResultsQueueArn', { value: this.resultsQueue.queue.queueArn });
    new CfnOutput(this, 'ResultsQueueUrl', { value: this.resultsQueue.queue.queueUrl });
    new CfnOutput(this, 'AlertsQueueArn', { value: this.alertsQueue.queue.queueArn });
    new CfnOutput(this, 'AlertsQueueUrl', { value: this.alertsQueue.queue.queueUrl });
    new CfnOutput(this, 'ChannelDeliveriesQueueArn', { value: this.channelDeliveriesQueue.queue.queueArn });
    new CfnOutput(this, 'ChannelDeliveriesQueueUrl', { value: this.channelDeliveriesQueue.queue.queueUrl });
    new CfnOutput(this, 'SubscriberNoticesQueueArn', { value: this.subscriberNoticesQueue.queue.queueArn });
    new CfnOutput(this, 'SubscriberNoticesQueueUrl', { value: this.subscriberNoticesQueue.queue.queueUrl });
  }
}
