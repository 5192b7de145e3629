import { z } from 'zod';

/**
 * What the mailer reads of an alerts-queue message `{kind:'alert', userId, monitorName, monitorUrl,
 * alert}` (the processor and the outbox sweeper send it; functions/repositories/alert-queue-repository.ts).
 * The message only points at its outbox entry: the entry (`OUTBOX#<transitionId>`, keys.ts 14) is
 * the record the mail is written from and whose status makes the mail go out once, so the rest of
 * the message is not trusted or needed here. Anything else on the queue is malformed: reported,
 * retried, then dead-lettered.
 */
export const AlertQueueMessage = z.object({
  kind: z.literal('alert'),
  userId: z.string().min(1),
  alert: z.object({ transitionId: z.string().min(1) }),
});
export type AlertQueueMessage = z.infer<typeof AlertQueueMessage>;
