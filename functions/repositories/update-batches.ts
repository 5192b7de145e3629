import { logger } from '../observability/logger.js';
import { asStatement, asUpdateItem, type ConditionalUpdate } from './conditional-update.js';
import * as table from './table-commands.js';
import { writeIfAllowed } from './table.js';

/** What one BatchExecuteStatement call carries at most. */
export const STATEMENTS_PER_CALL = 25;

/**
 * Conditional updates of existing items, sent together (docs/PERFORMANCE.md "Steady rounds in
 * batches"): the updates asked for while the event loop runs its current turn go out as PartiQL
 * statements, 25 to a BatchExecuteStatement call, instead of one UpdateItem each. Each keeps its own
 * condition and gets its own answer, so a caller sees exactly what an UpdateItem would have told it:
 * true once written, false when its condition failed (or the item is gone).
 *
 * A statement refused for any other reason (throttled, a conflict, two updates of one item in one
 * call), or a call that failed as a whole, is written again alone as an UpdateItem, with the SDK's
 * retries; what that one throws reaches its caller. Nothing is held past the turn it was asked in,
 * so nothing waits on a timer and nothing outlives an invocation whose callers have all returned.
 */
export interface UpdateBatches {
  /** Writes `update` with others asked for in the same turn; only for an item that exists (a statement cannot create one). */
  update(update: ConditionalUpdate): Promise<boolean>;
}

interface Waiting {
  update: ConditionalUpdate;
  resolve: (written: boolean) => void;
  reject: (error: unknown) => void;
}

const alone = (entry: Waiting): void => {
  writeIfAllowed(table.update(asUpdateItem(entry.update))).then(entry.resolve, entry.reject);
};

const send = async (entries: readonly Waiting[]): Promise<void> => {
  let responses;
  try {
    ({ Responses: responses } = await table.executeStatements(entries.map(({ update }) => (name: string) => asStatement(update, name))));
  } catch (error) {
    logger.warn('A batch of updates failed as a whole; each is written alone', { updates: entries.length, error });
    entries.forEach(alone);
    return;
  }
  entries.forEach((entry, index) => {
    const refused = responses?.[index]?.Error;
    if (!refused) entry.resolve(true);
    else if (refused.Code === 'ConditionalCheckFailed') entry.resolve(false);
    else alone(entry);
  });
};

/**
 * The calls a turn's updates go out in: at most 25 each, and no item twice in one call (DynamoDB
 * refuses the whole call then), so a second update of an item goes in another call; each is still
 * judged by its own condition, whichever call DynamoDB takes first.
 */
export const intoCalls = <T extends { update: ConditionalUpdate }>(entries: readonly T[]): T[][] => {
  const calls: { entries: T[]; keys: Set<string> }[] = [];
  for (const entry of entries) {
    const key = `${entry.update.Key.PK}\u0000${entry.update.Key.SK}`;
    let call = calls.find((candidate) => candidate.entries.length < STATEMENTS_PER_CALL && !candidate.keys.has(key));
    if (!call) calls.push((call = { entries: [], keys: new Set() }));
    call.entries.push(entry);
    call.keys.add(key);
  }
  return calls.map((call) => call.entries);
};

export const updateBatches = (): UpdateBatches => {
  let waiting: Waiting[] = [];
  const flush = () => {
    const entries = waiting;
    waiting = [];
    for (const call of intoCalls(entries)) void send(call);
  };
  return {
    update(update) {
      return new Promise<boolean>((resolve, reject) => {
        // The first update of a turn schedules the send; the ones after it in the same turn join it.
        if (!waiting.length) setImmediate(flush);
        waiting.push({ update, resolve, reject });
      });
    },
  };
};
