import { SendMessageBatchCommand } from '@aws-sdk/client-sqs';
import {
  chunk,
  type CheckJob,
  type CheckJobMessage,
  type CheckResultMessage,
  type RoundDeadlineMessage,
} from '../../shared/checks/check-job.js';
import { JOBS_PER_MESSAGE } from '../../shared/checks/dispatch.js';
import { sqsIn } from '../clients/sqs.js';

/** SQS takes at most 10 entries per SendMessageBatch. */
const SQS_BATCH = 10;

/** Sends messages in batches; a batch entry SQS refuses is an error, not a silent loss. */
const sendAll = async (opts: { region: string; queueUrl: string; bodies: unknown[]; delaySeconds?: number }): Promise<void> => {
  for (const batch of chunk(opts.bodies, SQS_BATCH)) {
    const response = await sqsIn(opts.region).send(
      new SendMessageBatchCommand({
        QueueUrl: opts.queueUrl,
        Entries: batch.map((body, i) => ({
          Id: String(i),
          MessageBody: JSON.stringify(body),
          DelaySeconds: opts.delaySeconds || undefined,
        })),
      }),
    );
    if (response.Failed?.length) {
      const reasons = response.Failed.map((failure) => `${failure.Code}: ${failure.Message}`).join('; ');
      throw new Error(`SQS refused ${response.Failed.length} message(s) for ${opts.queueUrl}: ${reasons}`);
    }
  }
};

/** Check jobs for one region's checker, packed `JOBS_PER_MESSAGE` to a message. */
export const sendCheckJobs = async (opts: { region: string; queueUrl: string; jobs: CheckJob[]; delaySeconds: number }) =>
  sendAll({
    region: opts.region,
    queueUrl: opts.queueUrl,
    delaySeconds: opts.delaySeconds,
    bodies: chunk(opts.jobs, JOBS_PER_MESSAGE).map((jobs): CheckJobMessage => ({ kind: 'check_jobs', jobs })),
  });

export const sendCheckResults = async (opts: { region: string; queueUrl: string; messages: CheckResultMessage[] }) =>
  sendAll({ region: opts.region, queueUrl: opts.queueUrl, bodies: opts.messages });

export const sendRoundDeadlines = async (opts: {
  region: string;
  queueUrl: string;
  rounds: RoundDeadlineMessage['rounds'];
  delaySeconds: number;
}) =>
  sendAll({
    region: opts.region,
    queueUrl: opts.queueUrl,
    delaySeconds: opts.delaySeconds,
    bodies: chunk(opts.rounds, JOBS_PER_MESSAGE).map((rounds): RoundDeadlineMessage => ({ kind: 'round_deadline', rounds })),
  });
