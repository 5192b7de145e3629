import { DeleteMessageBatchCommand, ReceiveMessageCommand, SendMessageBatchCommand, type Message, type SQSClient } from '@aws-sdk/client-sqs';

/**
 * Moves the messages waiting in a dead-letter queue back to the queue they came from, so the
 * consumer tries them again (docs/operations.md "Redrive a dead-letter queue"). Each message is sent
 * to the source first and deleted from the DLQ only once sent: a crash in between leaves a message
 * in both, and every consumer is idempotent (rounds, outbox claims), so a copy changes nothing.
 * Body and message attributes travel unchanged; the receive count starts again at 1.
 *
 * This is what SQS's own "start DLQ redrive" (StartMessageMoveTask) does on AWS, written with the
 * basic calls because the local SQS emulator does not offer that task.
 */
export const redriveDeadLetters = async (opts: {
  sqs: SQSClient;
  deadLetterQueueUrl: string;
  sourceQueueUrl: string;
  /** Stop after this many messages (all by default). */
  max?: number;
}): Promise<{ moved: number }> => {
  const max = opts.max ?? Number.POSITIVE_INFINITY;
  let moved = 0;
  while (moved < max) {
    const { Messages: messages = [] } = await opts.sqs.send(
      new ReceiveMessageCommand({
        QueueUrl: opts.deadLetterQueueUrl,
        MaxNumberOfMessages: Math.min(10, max - moved),
        MessageAttributeNames: ['All'],
        // Long enough to send and delete the batch; a message left over comes back by itself.
        VisibilityTimeout: 30,
        WaitTimeSeconds: 0,
      }),
    );
    if (!messages.length) break;
    await sendAll(opts.sqs, opts.sourceQueueUrl, messages);
    const deleted = await opts.sqs.send(
      new DeleteMessageBatchCommand({
        QueueUrl: opts.deadLetterQueueUrl,
        Entries: messages.map((message, i) => ({ Id: String(i), ReceiptHandle: message.ReceiptHandle! })),
      }),
    );
    if (deleted.Failed?.length) throw new Error(`could not delete ${deleted.Failed.length} redriven messages from the DLQ: ${deleted.Failed[0]!.Message}`);
    moved += messages.length;
  }
  return { moved };
};

const sendAll = async (sqs: SQSClient, queueUrl: string, messages: readonly Message[]): Promise<void> => {
  const sent = await sqs.send(
    new SendMessageBatchCommand({
      QueueUrl: queueUrl,
      Entries: messages.map((message, i) => ({
        Id: String(i),
        MessageBody: message.Body!,
        ...(message.MessageAttributes && Object.keys(message.MessageAttributes).length ? { MessageAttributes: message.MessageAttributes } : {}),
      })),
    }),
  );
  // Nothing is deleted from the DLQ unless every message of the batch reached its queue.
  if (sent.Failed?.length) throw new Error(`could not send ${sent.Failed.length} messages back to their queue: ${sent.Failed[0]!.Message}`);
};
