import { z } from 'zod';

/**
 * Where the check pipeline's queues are, for the home-region functions (dispatcher, result
 * processor, force check). Read from `process.env` once, on first use, like config.ts; the CDK
 * stacks and the local cloud set the same variables.
 */
const Env = z.object({
  /** JSON object: checker region -> URL of that region's check queue. */
  CHECK_QUEUE_URLS: z
    .string({ error: 'is missing' })
    .transform((value, ctx) => {
      try {
        return z.record(z.string(), z.string().url()).parse(JSON.parse(value));
      } catch {
        ctx.addIssue({ code: 'custom', message: 'must be a JSON object of region -> queue URL' });
        return z.NEVER;
      }
    })
    .refine((urls) => Object.keys(urls).length > 0, 'must name at least one checker region'),
  RESULTS_QUEUE_URL: z.string({ error: 'is missing' }).url(),
  ALERTS_QUEUE_URL: z.string({ error: 'is missing' }).url(),
  CHANNEL_DELIVERIES_QUEUE_URL: z.string({ error: 'is missing' }).url(),
  /** Status page subscribers' notices; unset only in processes that never queue one (unit tests of the pipeline). */
  SUBSCRIBER_NOTICES_QUEUE_URL: z.preprocess((value) => (value === '' ? undefined : value), z.string().url().optional()),
});

export interface PipelineConfig {
  checkQueueUrls: Record<string, string>;
  checkerRegions: string[];
  resultsQueueUrl: string;
  alertsQueueUrl: string;
  channelDeliveriesQueueUrl: string;
  /** Null: this process queues no subscriber notices (docs/status-pages.md "Subscriber mails"). */
  subscriberNoticesQueueUrl: string | null;
}

export const parsePipelineConfig = (env: Record<string, string | undefined>): PipelineConfig => {
  const result = Env.safeParse(env);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `${String(issue.path[0])} ${issue.message}`);
    throw new Error(`Invalid check pipeline configuration: ${problems.join('; ')}`);
  }
  return {
    checkQueueUrls: result.data.CHECK_QUEUE_URLS,
    checkerRegions: Object.keys(result.data.CHECK_QUEUE_URLS),
    resultsQueueUrl: result.data.RESULTS_QUEUE_URL,
    alertsQueueUrl: result.data.ALERTS_QUEUE_URL,
    channelDeliveriesQueueUrl: result.data.CHANNEL_DELIVERIES_QUEUE_URL,
    subscriberNoticesQueueUrl: result.data.SUBSCRIBER_NOTICES_QUEUE_URL ?? null,
  };
};

let cached: PipelineConfig | undefined;

export const pipelineConfig = (): PipelineConfig => (cached ??= parsePipelineConfig(process.env));

