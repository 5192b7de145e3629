import type { SqsHandler } from '../sqs-poller.js';
import { resultIdsOf } from './client-hooks.js';
import { appendJournal, killSelfFor, pendingKill, type FaultWatch } from './fault-control.js';

/**
 * The fault hooks that sit between the local event source (sqs-poller.ts) and a queue consumer's
 * handler, where Lambda's event source mapping would be:
 * - a silent checker region takes its check jobs and does nothing with them: no check runs, no
 *   result is sent (the region is cut off; its rounds are decided without it);
 * - a kill request for the checker is carried out while a batch of the named region is being
 *   checked: the checks are in flight, their results not sent, the message not deleted;
 * - the processor's side of the soak's accounting: every check result of a record the handler
 *   finished with (not reported failed) is appended to `results-processed-<pid>.log` (with the
 *   time) before the poller deletes the message.
 */

/** How long after the batch starts the checker dies: its checks are running by then. */
export const CHECKER_KILL_AFTER_MS = 300;

export const withFaultHooks = (
  consumer: string,
  region: string,
  handler: SqsHandler,
  hooks: { watch: FaultWatch; dir: string; canKill: boolean },
): SqsHandler => {
  if (consumer === 'checker') {
    return async (event, context) => {
      const request = hooks.canKill ? pendingKill(hooks.dir, 'checker') : null;
      if (request && (!request.region || request.region === region)) {
        setTimeout(() => killSelfFor(hooks.dir, 'checker'), CHECKER_KILL_AFTER_MS);
      }
      if (hooks.watch.current().silentRegions?.[region]) return { batchItemFailures: [] };
      return handler(event, context);
    };
  }
  if (consumer === 'processor') {
    return async (event, context) => {
      const response = await handler(event, context);
      const failed = new Set((response?.batchItemFailures ?? []).map((failure) => failure.itemIdentifier));
      const now = Date.now();
      const lines = event.Records.filter((record) => !failed.has(record.messageId)).flatMap((record) => resultIdsOf(record.body).map((id) => `${now} ${id}`));
      appendJournal(hooks.dir, `results-processed-${process.pid}.log`, lines);
      return response;
    };
  }
  return handler;
};
