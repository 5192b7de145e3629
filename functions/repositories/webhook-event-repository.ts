import { IdempotencyAlreadyInProgressError, IdempotencyConfig, makeIdempotent } from '@aws-lambda-powertools/idempotency';
import { DynamoDBPersistenceLayer } from '@aws-lambda-powertools/idempotency/dynamodb';
import type { Context } from 'aws-lambda';
import { WEBHOOK_EVENT_KEY_PREFIX, WEBHOOK_EVENTS_PARTITION } from '../../shared/table/keys.js';
import { TABLE } from '../../shared/table/table-definition.js';
import { dynamoClient, tableName } from '../clients/dynamodb.js';

/**
 * Provider webhook events seen (keys.ts 29), so each is applied once however often it arrives:
 * Powertools Idempotency with its DynamoDB persistence layer on our table. Before the event is
 * applied its record is put `INPROGRESS` (conditional put, with a lease); once applied it is
 * `COMPLETED`; a failed application deletes the record, so the provider's retry applies it. A record
 * whose lease ran out (the handler died) can be taken again. Kept 30 days (the table's TTL
 * attribute): providers stop retrying well before that.
 */
const KEEP_DAYS = 30;
const LEASE_MS = 60_000;

/** What identifies one provider event: its gateway and the provider's event id (the idempotency key). */
export interface WebhookEventRef {
  gateway: string;
  eventId: string;
}

/** What a delivery of an event answers: `duplicate` when the event was applied or is being applied already. */
export interface WebhookOutcome {
  received: true;
  duplicate: boolean;
}

/**
 * Powertools sets the lease from a Lambda context's remaining time; ours is a fixed minute, longer
 * than an API function may run, so a live handler keeps its claim and a dead one frees it soon.
 */
const FIXED_LEASE = { getRemainingTimeInMillis: () => LEASE_MS } as Pick<Context, 'getRemainingTimeInMillis'> as Context;

let applyOnce: ((ref: WebhookEventRef, apply: () => Promise<void>) => Promise<WebhookOutcome>) | undefined;

/** Built on first use: the table's name and endpoint are read then (see config.ts). */
const idempotentApply = () =>
  (applyOnce ??= makeIdempotent(
    async (_ref: WebhookEventRef, apply: () => Promise<void>): Promise<WebhookOutcome> => {
      await apply();
      return { received: true, duplicate: false };
    },
    {
      persistenceStore: new DynamoDBPersistenceLayer({
        tableName: tableName(),
        awsSdkV3Client: dynamoClient(),
        keyAttr: 'PK',
        sortKeyAttr: 'SK',
        staticPkValue: WEBHOOK_EVENTS_PARTITION,
        expiryAttr: TABLE.ttlAttribute,
      }),
      keyPrefix: WEBHOOK_EVENT_KEY_PREFIX,
      dataIndexArgument: 0,
      config: new IdempotencyConfig({
        eventKeyJmesPath: '[gateway, eventId]',
        throwOnNoIdempotencyKey: true,
        expiresAfterSeconds: KEEP_DAYS * 86_400,
        lambdaContext: FIXED_LEASE,
        // A later delivery of an applied event gets the first one's answer, marked as a duplicate.
        responseHook: () => ({ received: true, duplicate: true }),
      }),
    },
  ));

/**
 * Runs `apply` for the event unless it was applied already (or is being applied by another
 * delivery right now): then it answers `duplicate: true` and runs nothing. When `apply` throws, the
 * claim is released and the error passes on.
 */
export const applyWebhookEventOnce = async (ref: WebhookEventRef, apply: () => Promise<void>): Promise<WebhookOutcome> => {
  try {
    return await idempotentApply()(ref, apply);
  } catch (error) {
    if (error instanceof IdempotencyAlreadyInProgressError) return { received: true, duplicate: true };
    throw error;
  }
};
