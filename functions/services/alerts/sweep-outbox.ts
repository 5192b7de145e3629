import { deferOutboxEntry, listDueOutboxEntries } from '../../repositories/alert-outbox-repository.js';
import { sendAlerts, type AlertMessage } from '../../repositories/alert-queue-repository.js';

/**
 * The outbox sweeper (a scheduled job every 5 minutes, infra/event-sources.ts): nothing the
 * processor committed is dropped when its message is. An entry is stuck when it is past its due
 * time (keys.ts 14b) by more than STUCK_AFTER_SECONDS: the processor's send after the commit failed
 * (the entry is only in the outbox), the message was lost (the local SQS emulator keeps messages in
 * memory), or a claimant died mid-send and its lease ran out. Each stuck entry is re-sent to the alerts queue as the
 * processor sent it, and moved REQUEUE_GRACE_SECONDS ahead in the index so the next sweeps leave
 * that message time to arrive. Re-sending is safe: the mailer's claim lets one message through.
 * Entries that failed for good are not in the index: their messages wait in the dead-letter queue.
 */

/** Due this long ago and still unfinished: the processor's own message had its chance. */
export const STUCK_AFTER_SECONDS = 60;

/** After a re-send, how long the next sweeps wait for that message. */
export const REQUEUE_GRACE_SECONDS = 10 * 60;

/** Entries re-sent per run at most; a larger backlog is worked off over the following runs. */
export const SWEEP_BATCH = 500;

export interface SweepSummary {
  stuck: number;
  requeued: number;
}

export const sweepOutbox = async (opts: { now: Date; alertsQueueUrl: string }): Promise<SweepSummary> => {
  const cutoff = new Date(opts.now.getTime() - STUCK_AFTER_SECONDS * 1000).toISOString();
  const stuck = await listDueOutboxEntries(cutoff, SWEEP_BATCH);
  const messages: AlertMessage[] = [];
  for (const entry of stuck) {
    // Claimed or finished since it was listed (the condition fails): that consumer has it.
    const deferred = await deferOutboxEntry(entry, {
      nextDueAt: new Date(opts.now.getTime() + REQUEUE_GRACE_SECONDS * 1000),
      now: opts.now,
    });
    if (!deferred) continue;
    const { userId, monitorName, monitorUrl, monitorType, alert } = entry;
    messages.push({ kind: 'alert', userId, monitorName, monitorUrl, monitorType, alert });
  }
  // If this send fails, the run fails (and alarms); the entries come due again after the grace.
  if (messages.length) await sendAlerts(opts.alertsQueueUrl, messages);
  return { stuck: stuck.length, requeued: messages.length };
};
