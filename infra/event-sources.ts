import { CHECK_CONCURRENCY, DISPATCH_SHARDS } from '../shared/checks/dispatch.js';
import { ALERTS_QUEUE, CHANNEL_DELIVERIES_QUEUE, CHECK_RESULTS_QUEUE, SUBSCRIBER_NOTICES_QUEUE, checkQueueName } from '../shared/queues.js';

/**
 * Which functions are triggered by a queue or a schedule: one list that the CDK stacks turn into
 * SQS event sources / EventBridge Scheduler schedules and the local cloud turns into pollers /
 * timers, so both wire the same functions the same way. API functions are wired from the route
 * table instead (shared/api/routes.ts).
 *
 * Scheduled rows run at a rate (`everyMinutes`) or at a time of day in UTC (`cron`, every day or
 * on one weekday): EventBridge Scheduler's rate() and cron() expressions on AWS, the same times
 * from the local timer (infra/local/schedule-timer.ts).
 */
export interface QueueConsumer {
  /** Logical function name, also the CDK construct id. */
  name: string;
  /** Module exporting `handler(event: SQSEvent): Promise<SQSBatchResponse>`. */
  entry: string;
  /** Queue it consumes (one of shared/queues.ts), given the checker region it runs in, if any. */
  queueName: (region: string) => string;
  /** Runs once per checker region (checkers) or once in the home region. */
  perCheckerRegion: boolean;
  batchSize: number;
  /**
   * How long to gather a batch before the handler runs (Lambda's MaximumBatchingWindowInSeconds;
   * the local poller does the same). Needed for a batch of more than 10 messages.
   */
  batchingWindowSeconds?: number;
  /**
   * At most this many invocations at once (Lambda's event source MaximumConcurrency, 2 or more):
   * for a consumer whose sends share one rate limit (SES's sending rate). Unset: Lambda scales out.
   */
  maxConcurrency?: number;
  /**
   * Environment the function's PROCESS must start with (read by Node itself, not by our code):
   * set on the Lambda function, and on the local worker process that hosts the consumer.
   */
  processEnvironment?: Readonly<Record<string, string>>;
}

export const WEEK_DAYS = ['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'] as const;
export type WeekDay = (typeof WEEK_DAYS)[number];

/**
 * A time of day in UTC, every day, on `weekDay` only (`cron(minute hour ? * weekDay *)`) or on
 * `monthDay` of each month only (`cron(minute hour monthDay * ? *)`); not both.
 */
export interface CronSchedule {
  hour: number;
  minute: number;
  weekDay?: WeekDay;
  monthDay?: number;
}

interface ScheduledFunctionRow {
  name: string;
  /** Module exporting `handler(event): Promise<void>`; the event is one of `inputs`. */
  entry: string;
  /**
   * One schedule per input, each sending it as the event (e.g. one per dispatch shard), plus
   * `scheduledTime`: the ISO time the tick was due (on AWS EventBridge Scheduler's scheduled time).
   */
  inputs: readonly Record<string, unknown>[];
}

/** Exactly one of `everyMinutes` (a rate) and `cron` (a time of day, UTC). */
export type ScheduledFunction = ScheduledFunctionRow &
  ({ everyMinutes: number; cron?: undefined } | { cron: CronSchedule; everyMinutes?: undefined });

const twoDigits = (value: number): string => String(value).padStart(2, '0');

/** "every 5 min", "daily at 09:00 UTC", "MON at 09:00 UTC": for descriptions and the local log. */
export const describeSchedule = (row: ScheduledFunction): string => {
  if (!row.cron) return `every ${row.everyMinutes} min`;
  const time = `${twoDigits(row.cron.hour)}:${twoDigits(row.cron.minute)} UTC`;
  if (row.cron.monthDay) return `day ${row.cron.monthDay} of each month at ${time}`;
  return row.cron.weekDay ? `${row.cron.weekDay} at ${time}` : `daily at ${time}`;
};

export const QUEUE_CONSUMERS: readonly QueueConsumer[] = [
  {
    name: 'checker',
    entry: 'functions/queues/run-checks.ts',
    queueName: checkQueueName,
    perCheckerRegion: true,
    // One message is a pack of up to 50 jobs; one at a time keeps a slow pack from delaying others.
    batchSize: 1,
    // Each check resolves its host with getaddrinfo, which runs on libuv's thread pool: 4 threads by
    // default, so a pack of sites whose DNS answers slowly (5 s per dropped query) would make every
    // other check of the invocation wait its turn to resolve. One thread per concurrent check.
    processEnvironment: { UV_THREADPOOL_SIZE: String(CHECK_CONCURRENCY) },
  },
  {
    name: 'processor',
    entry: 'functions/queues/process-check-results.ts',
    queueName: () => CHECK_RESULTS_QUEUE,
    perCheckerRegion: false,
    // Large batches, gathered for up to two seconds: the regions' answers to a pack arrive within moments of
    // each other and are then decided in memory, nothing stored first (services/checks/process-results.ts).
    batchSize: 100,
    batchingWindowSeconds: 2,
  },
  {
    // One alert-outbox entry per message, each mailed once (functions/services/alerts/deliver-alert.ts).
    name: 'mailer',
    entry: 'functions/queues/send-alert-mails.ts',
    queueName: () => ALERTS_QUEUE,
    perCheckerRegion: false,
    batchSize: 10,
  },
  {
    // One delivery of an alert to one channel per message (functions/services/alerts/deliver-to-channel.ts).
    name: 'channel-deliverer',
    entry: 'functions/queues/deliver-channel-alerts.ts',
    queueName: () => CHANNEL_DELIVERIES_QUEUE,
    perCheckerRegion: false,
    batchSize: 10,
  },
  {
    // One status page's subscribers, a slice at a time, mailed one notice each, once
    // (functions/services/status-pages/subscribers/deliver-page-notice.ts).
    name: 'subscriber-mailer',
    entry: 'functions/queues/send-subscriber-notices.ts',
    queueName: () => SUBSCRIBER_NOTICES_QUEUE,
    perCheckerRegion: false,
    // A message is a slice of up to SUBSCRIBERS_PER_MESSAGE mails, sent one after another; two
    // slices at a time keep a big page's mails under SES's sending rate, beside the alert mails.
    batchSize: 1,
    maxConcurrency: 2,
  },
];

export const SCHEDULED_FUNCTIONS: readonly ScheduledFunction[] = [
  {
    name: 'dispatcher',
    entry: 'functions/scheduled/dispatch-checks.ts',
    everyMinutes: 1,
    inputs: Array.from({ length: DISPATCH_SHARDS }, (_, shard) => ({ shard })),
  },
  {
    // Re-queues outbox entries whose alert message was lost (functions/services/alerts/sweep-outbox.ts).
    name: 'outbox-sweeper',
    entry: 'functions/scheduled/sweep-alert-outbox.ts',
    everyMinutes: 5,
    inputs: [{}],
  },
  {
    // Re-queues channel deliveries whose message was lost (functions/services/alerts/sweep-deliveries.ts).
    name: 'delivery-sweeper',
    entry: 'functions/scheduled/sweep-channel-deliveries.ts',
    everyMinutes: 5,
    inputs: [{}],
  },
  {
    // Reminders and escalation steps of open, unacknowledged incidents (functions/services/alerts/alert-timers.ts).
    name: 'alert-timers',
    entry: 'functions/scheduled/run-alert-timers.ts',
    everyMinutes: 1,
    inputs: [{}],
  },
  {
    // Maintenance windows starting and ending: stamps and unstamps their monitors, the end-of-window
    // alert, the owner's mails (functions/services/maintenance/window-boundaries.ts).
    name: 'maintenance-boundaries',
    entry: 'functions/scheduled/apply-maintenance-boundaries.ts',
    everyMinutes: 1,
    inputs: [{}],
  },
  {
    // docs/product-rules.md "Alerts and notifications": daily reports are sent at 9 AM UTC (opt-in, `daily_reports`).
    name: 'daily-report',
    entry: 'functions/scheduled/send-reports.ts',
    cron: { hour: 9, minute: 0 },
    inputs: [{ report: 'daily' }],
  },
  {
    // Weekly reports (`weekly_reports`, on by default): Mondays at the daily report's hour.
    name: 'weekly-report',
    entry: 'functions/scheduled/send-reports.ts',
    cron: { hour: 9, minute: 0, weekDay: 'MON' },
    inputs: [{ report: 'weekly' }],
  },
  {
    // SLA reports (docs/sla-reports.md "The mail on the 1st"): last month's, to the owners of Business and Enterprise workspaces.
    name: 'monthly-sla-report',
    entry: 'functions/scheduled/send-sla-reports.ts',
    cron: { hour: 6, minute: 0, monthDay: 1 },
    inputs: [{}],
  },
  {
    // Billing backstop: ends subscriptions whose period is over, hands held UPI cancellations to Razorpay a day
    // before, records checkouts given up on, purges monitors disabled 30 days (docs/billing.md).
    name: 'billing-period-end',
    entry: 'functions/scheduled/billing-period-end.ts',
    everyMinutes: 15,
    inputs: [{}],
  },
  {
    // Accounts whose address was not verified within 7 days are erased (docs/product-rules.md "Unverified accounts").
    name: 'unverified-accounts',
    entry: 'functions/scheduled/expire-unverified-accounts.ts',
    everyMinutes: 60,
    inputs: [{}],
  },
  {
    // The operator counters recounted, then the table's size by kind of item, for the operator dashboard
    // (docs/admin.md "Counters", "Table size by kind").
    name: 'table-census',
    entry: 'functions/scheduled/take-table-census.ts',
    cron: { hour: 3, minute: 30 },
    inputs: [{}],
  },
];
