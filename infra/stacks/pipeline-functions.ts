import { Duration, TimeZone } from 'aws-cdk-lib';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import { ContextAttribute, Schedule, ScheduleExpression, ScheduleTargetInput } from 'aws-cdk-lib/aws-scheduler';
import type { IRole } from 'aws-cdk-lib/aws-iam';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { LambdaInvoke, type ScheduleTargetBaseProps } from 'aws-cdk-lib/aws-scheduler-targets';
import { RegionInfo } from 'aws-cdk-lib/region-info';
import type { Construct } from 'constructs';
import { PipelineFunction } from '../constructs/pipeline-function.js';
import type { QueueWithDeadLetter } from '../constructs/queue-with-dead-letter.js';
import { describeSchedule, type QueueConsumer, type ScheduledFunction } from '../event-sources.js';
import { stageResourceName } from './stage-names.js';

/**
 * The CDK side of infra/event-sources.ts: its rows say which function is triggered how; this file
 * adds what only a deployment needs (timeout, memory, a description) and builds the functions, SQS
 * event sources and schedules from the rows. A row added there without sizing here fails the synth
 * (and the infra tests) naming it, rather than deploying with a guessed timeout.
 */

/**
 * A message whose visibility timeout runs out while its consumer still works on it is delivered a
 * second time. AWS advises at least 6x the function timeout for SQS event sources (retries of a
 * throttled invocation happen inside that window).
 */
export const VISIBILITY_TIMEOUT_FACTOR = 6;

export interface PipelineSizing {
  /** What the function does, for its description. */
  readonly summary: string;
  readonly timeout: Duration;
  readonly memorySize: number;
  /** It sends e-mail: the stack gives it SES (from the sender address only) and MAIL_FROM, APP_URL. */
  readonly sendsMail?: boolean;
  /** It writes links into the app (acknowledgement links) without mailing: the stack gives it APP_URL. */
  readonly linksToApp?: boolean;
  /** Calls the payment providers: gets the billing secret (docs/deploy.md "Payments"). */
  readonly usesBillingSecret?: boolean;
}

const SIZING: Readonly<Record<string, PipelineSizing>> = {
  checker: {
    summary: "runs the packs of checks from this region's check queue and sends the results home",
    // A pack holds up to JOBS_PER_MESSAGE (shared/checks/dispatch.ts) checks, run concurrently;
    // each may take the largest monitor timeout (TIMEOUT_RANGE.max, 300 s) twice, since a failing
    // check is retried once: 600 s, plus headroom. 900 s is also Lambda's limit.
    timeout: Duration.seconds(900),
    // Up to JOBS_PER_MESSAGE connections at once, each reading up to 1 MiB of body; more memory is
    // also more CPU for TLS handshakes.
    memorySize: 1024,
  },
  processor: {
    summary: 'stores check results, decides rounds by quorum, changes monitor states and queues alerts',
    timeout: Duration.seconds(60),
    memorySize: 512,
  },
  dispatcher: {
    summary: "sends the due monitors of one shard to every checker region's check queue",
    // It runs every minute; a run that needs longer would overlap the next tick.
    timeout: Duration.seconds(60),
    memorySize: 512,
  },
  mailer: {
    summary: "mails each alert of the outbox once, as its owner's preferences allow, retrying SES failures",
    // A batch is at most 10 mails, each a claim, two reads, one SES call and one write. Must stay
    // under the claim lease (CLAIM_LEASE_SECONDS, 120 s, functions/services/alerts/deliver-alert.ts)
    // so a live mailer is never overtaken by a second one.
    timeout: Duration.seconds(60),
    memorySize: 256,
    sendsMail: true,
  },
  'channel-deliverer': {
    summary: 'makes one try of each alert delivery to a channel (Slack, Teams, a webhook, a text, ...), queueing the next try of a failed one',
    // A batch is at most 10 deliveries, tried in parallel: each a claim, a few reads, one send of up
    // to DELIVERY_TIMEOUT_MS (10 s, functions/services/alerts/sender-deps.ts) and its writes. Must
    // not exceed the delivery lease (DELIVERY_LEASE_SECONDS, 60 s, deliver-to-channel.ts), taken
    // after the invocation starts, so a claim outlives its claimant and a live try is never
    // overtaken by a second one.
    timeout: Duration.seconds(60),
    memorySize: 256,
    // E-mail channels, and the mail to an owner whose channel was paused.
    sendsMail: true,
  },
  'subscriber-mailer': {
    summary: "mails one slice of a status page's subscribers a notice each, once, and queues the next slice",
    // A message is at most SUBSCRIBERS_PER_MESSAGE (50) mails, each a claim, one SES call and a
    // write, one after another. Must stay under the claim lease (NOTICE_CLAIM_LEASE_SECONDS, 300 s,
    // functions/services/status-pages/subscribers/deliver-page-notice.ts).
    timeout: Duration.seconds(120),
    memorySize: 256,
    sendsMail: true,
  },
  'outbox-sweeper': {
    summary: 'puts alert-outbox entries whose message was lost back on the alerts queue',
    timeout: Duration.seconds(60),
    memorySize: 256,
  },
  'delivery-sweeper': {
    summary: 'puts channel deliveries whose message was lost back on the channel-deliveries queue',
    timeout: Duration.seconds(60),
    memorySize: 256,
  },
  'alert-timers': {
    summary: 'sends the reminders and escalation steps of open incidents nobody acknowledged',
    // At most TIMERS_PER_RUN (200) timers a run, each a few reads and one fan-out.
    timeout: Duration.seconds(60),
    memorySize: 256,
    // Its follow-ups carry acknowledgement links to the app.
    linksToApp: true,
  },
  'maintenance-boundaries': {
    summary: 'starts and ends maintenance windows: mutes or pauses their monitors, alerts a monitor still down at the end, mails the owner',
    // At most BOUNDARIES_PER_RUN (100) windows a run, each a few reads and writes per monitor.
    timeout: Duration.seconds(60),
    memorySize: 256,
    sendsMail: true,
    // The mails link to the app's maintenance screen.
    linksToApp: true,
  },
  'daily-report': {
    summary: 'mails the daily report to every user who asked for it',
    // It walks every user (functions/services/reports/send-reports.ts): Lambda's longest run.
    timeout: Duration.seconds(900),
    memorySize: 512,
    sendsMail: true,
  },
  'billing-period-end': {
    summary: 'ends subscriptions whose paid period is over and purges monitors disabled 30 days ago',
    timeout: Duration.seconds(300),
    memorySize: 512,
    sendsMail: true,
    usesBillingSecret: true,
  },
  'table-census': {
    summary: 'recounts the operator counters and estimates the table\'s size by kind of item for the operator dashboard',
    // The recount walks every user, monitor and incident (1 MB of items a Query: about 1,000
    // incidents a call, minutes for a million); then about 100 small COUNT queries and one DescribeTable.
    timeout: Duration.seconds(900),
    memorySize: 256,
  },
  'unverified-accounts': {
    summary: 'erases the accounts whose address was not verified within 7 days of registering',
    // At most UNVERIFIED_ACCOUNTS_PER_RUN (100) erasures a run; an unverified account holds little.
    timeout: Duration.seconds(300),
    memorySize: 256,
  },
  'weekly-report': {
    summary: 'mails the weekly report to every user who wants it',
    timeout: Duration.seconds(900),
    memorySize: 512,
    sendsMail: true,
  },
  'monthly-sla-report': {
    summary: "mails last month's SLA report to the owners of every workspace whose plan has SLA reports",
    // It walks every user and reads a month of rollups and round history per monitor (docs/sla-reports.md).
    timeout: Duration.seconds(900),
    memorySize: 1024,
    sendsMail: true,
  },
};

/** Timeout, memory and summary of the function of an event-sources.ts row. */
export const pipelineSizing = (name: string): PipelineSizing => {
  const sizing = SIZING[name];
  if (!sizing) {
    throw new Error(
      `infra/stacks/pipeline-functions.ts has no timeout and memory for "${name}" (a row of infra/event-sources.ts): add it to SIZING`,
    );
  }
  return sizing;
};

/**
 * The visibility timeout a queue needs for the consumers that read it in `region`: 6x the longest
 * consumer timeout, or undefined (the queue's default) when no function consumes it yet.
 */
export const visibilityTimeoutFor = (
  queueName: string,
  consumers: readonly QueueConsumer[],
  region: string,
): Duration | undefined => {
  const timeouts = consumers
    .filter((consumer) => consumer.queueName(region) === queueName)
    .map((consumer) => pipelineSizing(consumer.name).timeout.toSeconds());
  return timeouts.length > 0 ? Duration.seconds(Math.max(...timeouts) * VISIBILITY_TIMEOUT_FACTOR) : undefined;
};

/**
 * URL and ARN of a named queue in another region (or stack), as plain strings: CloudFormation cannot
 * reference across regions, and queue names are fixed precisely so they can be addressed this way.
 */
export const queueAddress = (queueName: string, region: string, account: string): { url: string; arn: string } => {
  const info = RegionInfo.get(region);
  return {
    url: `https://sqs.${region}.${info.domainSuffix ?? 'amazonaws.com'}/${account}/${queueName}`,
    arn: `arn:${info.partition ?? 'aws'}:sqs:${region}:${account}:${queueName}`,
  };
};

export interface PipelineFunctionOptions {
  readonly repoRoot: string;
  readonly stage: string;
  readonly environment: Record<string, string>;
}

const pipelineFunction = (
  scope: Construct,
  row: { name: string; entry: string; processEnvironment?: Readonly<Record<string, string>> },
  options: PipelineFunctionOptions,
): PipelineFunction => {
  const sizing = pipelineSizing(row.name);
  return new PipelineFunction(scope, row.name, {
    repoRoot: options.repoRoot,
    entry: row.entry,
    description: `Upwatch ${row.name}: ${sizing.summary}`,
    timeout: sizing.timeout,
    memorySize: sizing.memorySize,
    environment: { ...options.environment, ...row.processEnvironment },
    alarmName: `${stageResourceName(`upwatch-${row.name}`, options.stage)} has errors`,
  });
};

/**
 * The function of a QUEUE_CONSUMERS row, reading `queue` with partial batch responses: a record the
 * handler reports in `batchItemFailures` is retried alone (then dead-lettered), not the whole batch.
 */
export const addQueueConsumer = (
  scope: Construct,
  consumer: QueueConsumer,
  queue: QueueWithDeadLetter,
  options: PipelineFunctionOptions,
): PipelineFunction => {
  const needed = pipelineSizing(consumer.name).timeout.toSeconds() * VISIBILITY_TIMEOUT_FACTOR;
  if (queue.visibilityTimeout.toSeconds() < needed) {
    throw new Error(
      `${queue.queueName} hides a received message ${queue.visibilityTimeout.toSeconds()} s, less than ${VISIBILITY_TIMEOUT_FACTOR}x the ${consumer.name} timeout (${needed} s)`,
    );
  }
  const fn = pipelineFunction(scope, consumer, options);
  fn.function.addEventSource(
    new SqsEventSource(queue.queue, {
      batchSize: consumer.batchSize,
      reportBatchItemFailures: true,
      ...(consumer.batchingWindowSeconds ? { maxBatchingWindow: Duration.seconds(consumer.batchingWindowSeconds) } : {}),
      ...(consumer.maxConcurrency ? { maxConcurrency: consumer.maxConcurrency } : {}),
    }),
  );
  return fn;
};

/** EventBridge Scheduler's expression for a row: rate(n minutes), or cron(m h ? * weekDay *) / cron(m h monthDay * ? *) in UTC. */
export const scheduleExpression = (row: ScheduledFunction): ScheduleExpression =>
  row.cron
    ? ScheduleExpression.cron({
        minute: String(row.cron.minute),
        hour: String(row.cron.hour),
        ...(row.cron.weekDay ? { weekDay: row.cron.weekDay } : {}),
        ...(row.cron.monthDay ? { day: String(row.cron.monthDay) } : {}),
        timeZone: TimeZone.ETC_UTC,
      })
    : ScheduleExpression.rate(Duration.minutes(row.everyMinutes));

/**
 * A schedule's Lambda target whose role may invoke the function itself (the unqualified ARN the
 * schedule calls) and nothing else: CDK's LambdaInvoke also grants every version and alias
 * (`<function>:*`), which no schedule of ours calls.
 */
class InvokeFunction extends LambdaInvoke {
  constructor(
    private readonly target: IFunction,
    props: ScheduleTargetBaseProps & { input: ScheduleTargetInput },
  ) {
    super(target, props);
  }

  protected override addTargetActionToRole(role: IRole): void {
    this.target.grantInvokeLatestVersion(role);
  }
}

/**
 * The function of a SCHEDULED_FUNCTIONS row and one EventBridge Scheduler schedule per entry of
 * `row.inputs`, each invoking it with that input as the event.
 */
export const addScheduledFunction = (
  scope: Construct,
  row: ScheduledFunction,
  options: PipelineFunctionOptions,
): PipelineFunction => {
  const fn = pipelineFunction(scope, row, options);
  // A tick that could not be delivered within one period is superseded by the next one; a
  // time-of-day job (a report: its event names the period) is still worth running late, up to
  // the longest age Scheduler allows.
  const maxEventAge = row.cron ? Duration.days(1) : Duration.minutes(Math.min(row.everyMinutes, 24 * 60));
  row.inputs.forEach((input, index) => {
    new Schedule(fn, `Schedule${index}`, {
      description: `Upwatch ${row.name} ${describeSchedule(row)} with ${JSON.stringify(input)}`,
      schedule: scheduleExpression(row),
      target: new InvokeFunction(fn.function, {
        // Every scheduled function also gets the tick's due time (infra/event-sources.ts).
        input: ScheduleTargetInput.fromObject({ ...input, scheduledTime: ContextAttribute.scheduledTime }),
        maxEventAge,
      }),
    });
  });
  return fn;
};
