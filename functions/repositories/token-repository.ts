import { ENTITY, tokenKey } from '../../shared/table/keys.js';
import * as table from './table-commands.js';
import { resultIfAllowed, writeIfAllowed } from './table.js';

/**
 * One-time tokens (access pattern 4): stored under the SHA-256 of the token, never the token itself,
 * so a read of the table does not yield working links. `expires_at` is the table's TTL attribute;
 * DynamoDB deletes late, so expiry is also checked on use.
 */
export type TokenKind = 'verify_email' | 'reset_password' | 'confirm_channel';

/**
 * What a verification link leaves behind once it worked: the same key, so the link opened again
 * (from the mail, days later) can say "already verified" instead of "invalid". It grants nothing.
 */
export const USED_VERIFICATION_KIND = 'verify_email_used';

export interface OneTimeToken {
  hash: string;
  kind: TokenKind;
  userId: string;
  /** Epoch seconds. */
  expiresAt: number;
  /**
   * What a `confirm_channel` token confirms: the owner's channel and the address it was mailed to,
   * so a link sent before the address changed cannot confirm the new one.
   */
  channel?: { id: string; address: string };
}

/** The stored item; exported so a use case can write it in the same transaction as other items. */
export const tokenItem = (token: OneTimeToken) => ({
  ...tokenKey(token.hash),
  kind: token.kind,
  user_id: token.userId,
  expires_at: token.expiresAt,
  ...(token.channel ? { channel_id: token.channel.id, channel_address: token.channel.address } : {}),
  entity: ENTITY.token,
});

/**
 * Uses a token up: deletes it only if it exists, is of `kind` and has not expired, and returns what
 * it held. The delete and the checks are one conditional write, so of two concurrent uses exactly
 * one gets the token. Null when the token is unknown, used, of another kind or expired (a token of
 * another kind is left alone).
 */
export const consumeToken = async (hash: string, kind: TokenKind, nowEpochSeconds: number): Promise<OneTimeToken | null> => {
  const result = await resultIfAllowed(
    table.delete({
      Key: tokenKey(hash),
      ConditionExpression: 'attribute_exists(PK) AND #kind = :kind AND expires_at > :now',
      ExpressionAttributeNames: { '#kind': 'kind' },
      ExpressionAttributeValues: { ':kind': kind, ':now': nowEpochSeconds },
      ReturnValues: 'ALL_OLD',
    }),
  );
  const item = result?.Attributes;
  if (!item) return null;
  const channel = typeof item.channel_id === 'string' ? { id: item.channel_id, address: String(item.channel_address) } : undefined;
  return { hash, kind, userId: String(item.user_id), expiresAt: Number(item.expires_at), ...(channel ? { channel } : {}) };
};

/** Stores a newly issued token (a resent verification link, a reset link). */
export const storeToken = async (token: OneTimeToken): Promise<void> => {
  await table.put({ Item: tokenItem(token), ConditionExpression: 'attribute_not_exists(PK)' });
};

/** Records that a verification link was used by `userId`, kept until `keepUntil` (epoch seconds, TTL). */
export const markVerificationLinkUsed = async (hash: string, userId: string, keepUntil: number): Promise<void> => {
  await table.put({
    Item: { ...tokenKey(hash), kind: USED_VERIFICATION_KIND, user_id: userId, expires_at: keepUntil, entity: ENTITY.token },
  });
};

/** The user whose verification link this was, when it was used already (and not yet expired); else null. */
export const findUsedVerificationLink = async (hash: string, nowEpochSeconds: number): Promise<string | null> => {
  const { Item: item } = await table.get({ Key: tokenKey(hash) });
  if (!item || item.kind !== USED_VERIFICATION_KIND || Number(item.expires_at) <= nowEpochSeconds) return null;
  return String(item.user_id);
};

/** Puts a consumed token back, when the work it authorised failed and the link should work again. */
export const restoreToken = async (token: OneTimeToken): Promise<void> => {
  await writeIfAllowed(table.put({ Item: tokenItem(token), ConditionExpression: 'attribute_not_exists(PK)' }));
};

/** What a reset link leaves behind once it set a password, so opening it again says "already used". It grants nothing. */
export const USED_RESET_KIND = 'reset_password_used';

/** Records that a reset link was used, kept until `keepUntil` (epoch seconds, TTL). */
export const markResetLinkUsed = async (hash: string, userId: string, keepUntil: number): Promise<void> => {
  await table.put({
    Item: { ...tokenKey(hash), kind: USED_RESET_KIND, user_id: userId, expires_at: keepUntil, entity: ENTITY.token },
  });
};

/** Reads a token without using it up: what it holds when it exists, is of `kind` and has not expired; else null. */
export const peekToken = async (hash: string, kind: TokenKind, nowEpochSeconds: number): Promise<{ token: OneTimeToken | null }> => {
  const { Item: item } = await table.get({ Key: tokenKey(hash) });
  if (!item || item.kind !== kind || Number(item.expires_at) <= nowEpochSeconds) return { token: null };
  return { token: { hash, kind, userId: String(item.user_id), expiresAt: Number(item.expires_at) } };
};

/** Whether this reset link was used already (its mark is there and not yet expired). */
export const findUsedResetLink = async (hash: string, nowEpochSeconds: number): Promise<boolean> => {
  const { Item: item } = await table.get({ Key: tokenKey(hash) });
  return Boolean(item && item.kind === USED_RESET_KIND && Number(item.expires_at) > nowEpochSeconds);
};
