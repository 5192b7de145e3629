import { CreateQueueCommand, GetQueueAttributesCommand, SendMessageBatchCommand, SQSClient } from '@aws-sdk/client-sqs';
import type { SQSEvent } from 'aws-lambda';
import { describe, expect, inject, it } from 'vitest';
import { startSqsPoller } from '../../infra/local/sqs-poller.js';

const waitFor = async (condition: () => boolean | Promise<boolean>, timeoutMs = 15_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

describe('local SQS poller (the event source mapping stand-in)', () => {
  it('delivers batches, deletes what succeeded and redelivers reported failures', async () => {
    const env = inject('cloudEnv');
    const sqs = new SQSClient({
      region: env.AWS_REGION,
      endpoint: env.SQS_ENDPOINT,
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    });
    const queueName = `poller-test-${Date.now()}`;
    const { QueueUrl } = await sqs.send(new CreateQueueCommand({ QueueName: queueName, Attributes: { VisibilityTimeout: '1' } }));
    await sqs.send(
      new SendMessageBatchCommand({
        QueueUrl,
        Entries: ['ok-1', 'flaky', 'ok-2'].map((body, i) => ({ Id: String(i), MessageBody: body })),
      }),
    );

    const seen: string[] = [];
    let flakyFailuresLeft = 1;
    const poller = startSqsPoller({
      name: 'test',
      sqs,
      queueUrl: QueueUrl!,
      queueArn: `arn:aws:sqs:${env.AWS_REGION}:000000000000:${queueName}`,
      region: env.AWS_REGION!,
      batchSize: 10,
      onError: (_name, error) => {
        throw error;
      },
      handler: async (event: SQSEvent) => {
        const failures = [];
        for (const record of event.Records) {
          seen.push(record.body);
          expect(record.eventSource).toBe('aws:sqs');
          if (record.body === 'flaky' && flakyFailuresLeft-- > 0) failures.push({ itemIdentifier: record.messageId });
        }
        return { batchItemFailures: failures };
      },
    });
    try {
      await waitFor(() => seen.filter((body) => body === 'flaky').length === 2);
      const queueIsEmpty = async () => {
        const { Attributes } = await sqs.send(
          new GetQueueAttributesCommand({
            QueueUrl,
            AttributeNames: ['ApproximateNumberOfMessages', 'ApproximateNumberOfMessagesNotVisible'],
          }),
        );
        return Number(Attributes?.ApproximateNumberOfMessages) + Number(Attributes?.ApproximateNumberOfMessagesNotVisible) === 0;
      };
      await waitFor(queueIsEmpty);
      // Each success was handled exactly once; the reported failure came back once more.
      expect([...seen].sort()).toEqual(['flaky', 'flaky', 'ok-1', 'ok-2']);
    } finally {
      await poller.stop();
    }
  });
});
