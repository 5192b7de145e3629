import { SendMessageBatchCommand } from '@aws-sdk/client-sqs';
import { chunk } from '../../shared/checks/check-job.js';
import { sqsIn } from '../clients/sqs.js';
import { currentTraceHeader } from '../observability/tracer.js';

/** SQS takes at most 10 entries per SendMessageBatch. */
const SQS_BATCH = 10;

/**
 * Sends messages in batches; a batch entry SQS refuses is an error, not a silent loss. Each message
 * carries the X-Ray trace of the work that sends it (AWSTraceHeader; none where tracing is off), so
 * its consumer continues that trace (observability/tracer.ts).
 */
export const sendAll = async (opts: { region: string; queueUrl: string; bodies: unknown[]; delaySeconds?: number }): Promise<void> => {
  const traceHeader = currentTraceHeader();
  for (const batch of chunk(opts.bodies, SQS_BATCH)) {
    const response = await sqsIn(opts.region).send(
      new SendMessageBatchCommand({
        QueueUrl: opts.queueUrl,
        Entries: batch.map((body, i) => ({
          Id: String(i),
          MessageBody: JSON.stringify(body),
          DelaySeconds: opts.delaySeconds || undefined,
          ...(traceHeader ? { MessageSystemAttributes: { AWSTraceHeader: { DataType: 'String', StringValue: traceHeader } } } : {}),
        })),
      }),
    );
    if (response.Failed?.length) {
      const reasons = response.Failed.map((failure) => `${failure.Code}: ${failure.Message}`).join('; ');
      throw new Error(`SQS refused ${response.Failed.length} message(s) for ${opts.queueUrl}: ${reasons}`);
    }
  }
};
