/**
 * The SQS queues of the check pipeline, named once for the CDK stacks and the local cloud.
 * Every queue has a dead-letter queue that takes a message after `MAX_RECEIVE_COUNT` failed receives
 * (`maxReceiveCountOf`: the alerts queue allows more).
 */
export const DEFAULT_CHECKER_REGIONS = ['us-east-1', 'eu-west-1', 'ap-south-1'] as const;

export const MAX_RECEIVE_COUNT = 3;

/** Jobs for the checker of one region (one queue per checker region). */
export const checkQueueName = (region: string): string => `upwatch-checks-${region}`;

/** Results from every region, back in the home region. */
export const CHECK_RESULTS_QUEUE = 'upwatch-check-results';

/** Alert outbox events, one per monitor state transition. */
export const ALERTS_QUEUE = 'upwatch-alerts';

/** One transition's delivery to one alert channel (docs/alerts.md "Delivery"). */
export const CHANNEL_DELIVERIES_QUEUE = 'upwatch-channel-deliveries';

/** One status page's share of one notice to its subscribers (docs/status-pages.md "Subscriber mails"). */
export const SUBSCRIBER_NOTICES_QUEUE = 'upwatch-subscriber-notices';

/**
 * The mailer backs off between tries of an alert (functions/queues/send-alert-mails.ts), so its
 * queue allows more receives than the others: five tries over about 25 minutes ride out an SES
 * throttle or a short outage before the alert is dead-lettered (and alarmed on).
 */
export const ALERTS_MAX_RECEIVE_COUNT = 5;

/** Receives before a message of the queue named `queueName` here goes to its dead-letter queue. */
export const maxReceiveCountOf = (queueName: string): number =>
  queueName === ALERTS_QUEUE ? ALERTS_MAX_RECEIVE_COUNT : MAX_RECEIVE_COUNT;

export const deadLetterQueueName = (queueName: string): string => `${queueName}-dlq`;

export const pipelineQueueNames = (checkerRegions: readonly string[]): string[] => [
  ...checkerRegions.map(checkQueueName),
  CHECK_RESULTS_QUEUE,
  ALERTS_QUEUE,
  CHANNEL_DELIVERIES_QUEUE,
  SUBSCRIBER_NOTICES_QUEUE,
];
