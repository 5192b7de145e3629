import { DeleteCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ENTITY, webhookEventKey } from '../../shared/table/keys.js';
import { dynamo, tableName } from '../clients/dynamodb.js';
import { isConditionFailure } from './dynamo-errors.js';

/**
 * Provider webhook events seen (keys.ts 29), so each is applied once however often it arrives.
 * An event is claimed with a conditional put (`processing`, with a lease) before it is applied and
 * marked `done` after; a failed application deletes the claim so the provider's retry applies it.
 * A claim whose lease ran out (the handler died) can be taken again. Kept 30 days (TTL): providers
 * stop retrying well before that.
 */
const KEEP_DAYS = 30;
const LEASE_MS = 60_000;

export type EventClaim = 'claimed' | 'seen';

export const claimWebhookEvent = async (gateway: string, eventId: string, type: string, now: Date): Promise<EventClaim> => {
  try {
    await dynamo().send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          ...webhookEventKey(gateway, eventId),
          entity: ENTITY.webhookEvent,
          type,
          status: 'processing',
          received_at: now.toISOString(),
          lease_until: new Date(now.getTime() + LEASE_MS).toISOString(),
          expires_at: Math.floor(now.getTime() / 1000) + KEEP_DAYS * 86_400,
        },
        ConditionExpression: 'attribute_not_exists(PK) OR (#status = :processing AND lease_until < :now)',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':processing': 'processing', ':now': now.toISOString() },
      }),
    );
    return 'claimed';
  } catch (error) {
    if (isConditionFailure(error)) return 'seen';
    throw error;
  }
};

export const finishWebhookEvent = async (gateway: string, eventId: string, at: Date): Promise<void> => {
  await dynamo().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: webhookEventKey(gateway, eventId),
      UpdateExpression: 'SET #status = :done, done_at = :at REMOVE lease_until',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':done': 'done', ':at': at.toISOString() },
    }),
  );
};

export const releaseWebhookEvent = async (gateway: string, eventId: string): Promise<void> => {
  await dynamo().send(
    new DeleteCommand({
      TableName: tableName(),
      Key: webhookEventKey(gateway, eventId),
      ConditionExpression: '#status = :processing',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':processing': 'processing' },
    }),
  ).catch((error: unknown) => {
    if (!isConditionFailure(error)) throw error;
  });
};
