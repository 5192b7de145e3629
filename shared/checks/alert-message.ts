import { z } from 'zod';
import { MONITOR_TYPES } from '../monitors/monitor-types.js';

/**
 * What the mailer reads of an alerts-queue message `{kind:'alert', userId, monitorName, monitorUrl,
 * monitorType, alert}` (the processor and the outbox sweeper send it; functions/repositories/alert-queue-repository.ts).
 * The message only points at its outbox entry: the entry (`OUTBOX#<transitionId>`, keys.ts 14) is
 * the record the mail is written from and whose status makes the mail go out once, so the rest of
 * the message is not trusted or needed here. Anything else on the queue is malformed: reported,
 * retried, then dead-lettered.
 */
export const AlertQueueMessage = z.object({
  kind: z.literal('alert'),
  userId: z.string().min(1),
  /**
   * The monitor's type (`http` when absent: messages queued before it existed). The mail itself
   * takes it from the outbox entry, which carries it as `monitor_type`; a message with a type the
   * product does not know is malformed.
   */
  monitorType: z.enum(MONITOR_TYPES).optional(),
  alert: z.object({ transitionId: z.string().min(1) }),
});
export type AlertQueueMessage = z.infer<typeof AlertQueueMessage>;
