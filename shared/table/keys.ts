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
 * | 8 | active monitors due in a dispatch shard   | GSI2  | GSI2PK = DUE#<shard>, GSI2SK <= <next check at> |
 * | 9 | a monitor's check results, newest first   | table | PK = MONITOR#<id>, SK begins_with CHECK#  (TTL) |
 * |10 | one round's results from every region     | table | PK = MONITOR#<id>, SK begins_with CHECK#<round># |
 * |11 | a monitor's hourly rollups                | table | PK = MONITOR#<id>, SK between ROLLUP#<h1>, #<h2> |
 * |12 | a user's incidents, newest first          | table | PK = USER#<sub>, SK begins_with INCIDENT#       |
 * |13 | all incidents by time (admin lists)       | GSI1  | GSI1PK = INCIDENTS, GSI1SK = <ulid>             |
 * |14 | an alert-outbox event by its transition   | table | PK = OUTBOX#<transition id>, SK = OUTBOX        |
 * |15 | a user's running force check (lock, TTL)  | table | PK = USER#<sub>, SK = FORCE_CHECK               |
 *
 * GSI2 is sparse: only active monitors carry GSI2PK/GSI2SK, so pausing one takes it out of dispatch.
 * Round ids are ISO times, so CHECK# keys sort by time.
 */
export const ENTITY = {
  user: 'user',
  email: 'email',
  token: 'token',
  monitor: 'monitor',
  check: 'check',
  rollup: 'rollup',
  incident: 'incident',
  outbox: 'outbox',
  lock: 'lock',
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

export const CHECK_SK_PREFIX = 'CHECK#';

export const monitorPartition = (monitorId: string): string => `MONITOR#${monitorId}`;

export const checkKey = (monitorId: string, round: string, region: string): ItemKey => ({
  PK: monitorPartition(monitorId),
  SK: `${CHECK_SK_PREFIX}${round}#${region}`,
});

export const roundChecksPrefix = (round: string): string => `${CHECK_SK_PREFIX}${round}#`;

export const rollupKey = (monitorId: string, hour: string): ItemKey => ({
  PK: monitorPartition(monitorId),
  SK: `ROLLUP#${hour}`,
});

export const INCIDENT_SK_PREFIX = 'INCIDENT#';

export const incidentKey = (userId: string, incidentId: string): ItemKey => ({
  PK: `USER#${userId}`,
  SK: `${INCIDENT_SK_PREFIX}${incidentId}`,
});

export const incidentListKey = (incidentId: string) => ({ GSI1PK: 'INCIDENTS', GSI1SK: incidentId });

export const outboxKey = (transitionId: string): ItemKey => ({ PK: `OUTBOX#${transitionId}`, SK: 'OUTBOX' });

export const forceCheckLockKey = (userId: string): ItemKey => ({ PK: `USER#${userId}`, SK: 'FORCE_CHECK' });
