/**
 * Key builders for the single table. Repositories build keys only through these functions.
 *
 * Access patterns (entity: how it is reached)
 * | # | pattern                                   | index | key condition                                   |
 * |---|-------------------------------------------|-------|-------------------------------------------------|
 * | 1 | user profile by Cognito sub               | table | PK = USER#<sub>, SK = PROFILE                   |
 * | 2 | user id by e-mail (uniqueness, login)     | table | PK = EMAIL#<lower-case e-mail>, SK = EMAIL      |
 * | 3 | users by signup time (admin lists)        | GSI1  | GSI1PK = USERS, GSI1SK = <created_at>#<sub>     |
 * | 4 | one-time token by hash (verify, reset)    | table | PK = TOKEN#<sha256>, SK = TOKEN   (TTL)         |
 * | 5 | a user's monitors, oldest first           | table | PK = USER#<sub>, SK begins_with MONITOR#        |
 * | 6 | one monitor of a user (404 if not theirs) | table | PK = USER#<sub>, SK = MONITOR#<ulid>            |
 * | 7 | all monitors by creation (admin lists)    | GSI1  | GSI1PK = MONITORS, GSI1SK = <ulid>              |
 * | 8 | monitors due in a dispatch shard          | GSI2  | GSI2PK = DUE#<shard>, GSI2SK <= <next check at> |
 *
 * Pattern 8 belongs to the check engine; the index exists from day one so the table shape is stable.
 */
export const ENTITY = {
  user: 'user',
  email: 'email',
  token: 'token',
  monitor: 'monitor',
} as const;

export type Entity = (typeof ENTITY)[keyof typeof ENTITY];

export interface ItemKey {
  PK: string;
  SK: string;
}

export const userKey = (userId: string): ItemKey => ({ PK: `USER#${userId}`, SK: 'PROFILE' });

export const userListKey = (createdAt: string, userId: string) => ({
  GSI1PK: 'USERS',
  GSI1SK: `${createdAt}#${userId}`,
});

export const normalizeEmail = (email: string): string => email.trim().toLowerCase();

export const emailKey = (email: string): ItemKey => ({
  PK: `EMAIL#${normalizeEmail(email)}`,
  SK: 'EMAIL',
});

export const tokenKey = (tokenHash: string): ItemKey => ({ PK: `TOKEN#${tokenHash}`, SK: 'TOKEN' });

export const MONITOR_SK_PREFIX = 'MONITOR#';

export const monitorKey = (userId: string, monitorId: string): ItemKey => ({
  PK: `USER#${userId}`,
  SK: `${MONITOR_SK_PREFIX}${monitorId}`,
});

export const userMonitorsPartition = (userId: string): string => `USER#${userId}`;

export const monitorListKey = (monitorId: string) => ({ GSI1PK: 'MONITORS', GSI1SK: monitorId });

export const dueKey = (shard: number, nextCheckAt: string) => ({
  GSI2PK: `DUE#${shard}`,
  GSI2SK: nextCheckAt,
});

/** Attribute names that are storage detail, never part of a domain object. */
export const STORAGE_ATTRIBUTES = ['PK', 'SK', 'GSI1PK', 'GSI1SK', 'GSI2PK', 'GSI2SK', 'entity', 'expires_at'] as const;
