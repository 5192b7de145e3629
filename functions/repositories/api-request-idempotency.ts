import {
  IdempotencyAlreadyInProgressError,
  IdempotencyConfig,
  IdempotencyValidationError,
  makeIdempotent,
} from '@aws-lambda-powertools/idempotency';
import { DynamoDBPersistenceLayer } from '@aws-lambda-powertools/idempotency/dynamodb';
import type { Context } from 'aws-lambda';
import { IDEMPOTENCY_KEY_PREFIX, IDEMPOTENCY_PARTITION } from '../../shared/table/keys.js';
import { TABLE } from '../../shared/table/table-definition.js';
import { dynamoClient, tableName } from '../clients/dynamodb.js';

/**
 * The first answers of the public API's POSTs by `Idempotency-Key` (keys.ts pattern 72; docs/api.md
 * "Idempotency"): Powertools Idempotency with its DynamoDB persistence layer on our table, as for
 * provider webhooks (webhook-event-repository.ts). The record is keyed by the workspace and the
 * header's value and holds a hash of the request (route, path, query and body), so the same key sent
 * again with the same request gets the stored answer and with another request is refused. Only a
 * successful answer is kept: a refused or failed request frees its key, so a corrected retry runs.
 */
const KEEP_SECONDS = 86_400;
const LEASE_MS = 60_000;

/** The same fixed lease as the webhooks': longer than an API function may run. */
const FIXED_LEASE = { getRemainingTimeInMillis: () => LEASE_MS } as Pick<Context, 'getRemainingTimeInMillis'> as Context;

/** What identifies one POST: its workspace and Idempotency-Key, and what it asked for. */
export interface IdempotentRequest {
  workspace: string;
  key: string;
  request: { route: string; path: string; query: Record<string, string | undefined>; body: string };
}

/** A stored answer: the status, headers and body the first request got. */
export interface StoredAnswer {
  statusCode: number;
  headers: Record<string, string>;
  body: string;
}

/** How the outcome of a run is told apart: answered (kept or replayed), or not kept (the run's own answer, passed through). */
class AnswerNotKept extends Error {
  constructor(readonly answer: StoredAnswer) {
    super('Answer not kept');
  }
}

export type IdempotentOutcome =
  | { kind: 'answered'; answer: StoredAnswer; replayed: boolean }
  | { kind: 'different_request' }
  | { kind: 'in_progress' };

let runOnce: ((request: IdempotentRequest, run: () => Promise<StoredAnswer>) => Promise<StoredAnswer & { replayed?: boolean }>) | undefined;

const idempotentRun = () =>
  (runOnce ??= makeIdempotent(
    async (_request: IdempotentRequest, run: () => Promise<StoredAnswer>): Promise<StoredAnswer & { replayed?: boolean }> => {
      const answer = await run();
      if (answer.statusCode < 200 || answer.statusCode > 299) throw new AnswerNotKept(answer);
      return answer;
    },
    {
      persistenceStore: new DynamoDBPersistenceLayer({
        tableName: tableName(),
        awsSdkV3Client: dynamoClient(),
        keyAttr: 'PK',
        sortKeyAttr: 'SK',
        staticPkValue: IDEMPOTENCY_PARTITION,
        expiryAttr: TABLE.ttlAttribute,
      }),
      keyPrefix: IDEMPOTENCY_KEY_PREFIX,
      dataIndexArgument: 0,
      config: new IdempotencyConfig({
        eventKeyJmesPath: '[workspace, key]',
        payloadValidationJmesPath: 'request',
        throwOnNoIdempotencyKey: true,
        expiresAfterSeconds: KEEP_SECONDS,
        lambdaContext: FIXED_LEASE,
        responseHook: (response) => ({ ...(response as object), replayed: true }),
      }),
    },
  ));

/**
 * Runs the request once per workspace and Idempotency-Key: the first successful answer is kept a
 * day and replayed to the same request sent again; the same key with a different request, or while
 * the first is still running, is told apart so the caller can refuse it.
 */
export const answerOnce = async (request: IdempotentRequest, run: () => Promise<StoredAnswer>): Promise<IdempotentOutcome> => {
  try {
    const { replayed, ...answer } = await idempotentRun()(request, run);
    return { kind: 'answered', answer, replayed: replayed === true };
  } catch (error) {
    if (error instanceof AnswerNotKept) return { kind: 'answered', answer: error.answer, replayed: false };
    if (error instanceof IdempotencyValidationError) return { kind: 'different_request' };
    if (error instanceof IdempotencyAlreadyInProgressError) return { kind: 'in_progress' };
    throw error;
  }
};
