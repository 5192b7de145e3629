import { SendMessageBatchCommand } from '@aws-sdk/client-sqs';
import { chunk } from '../../shared/checks/check-job.js';
import { sqsIn } from '../clients/sqs.js';

/** SQS takes at most 10 entries per SendMessageBatch. */
const SQS_BATCH = 10;

/** Sends messages in batches; a batch entry SQS refuses is an error, not a silent loss. */
export const sendAll = async (opts: { region: string; queueUrl: string; bodies: unknown[]; delaySeconds?: number }): Promise<void> => {
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
