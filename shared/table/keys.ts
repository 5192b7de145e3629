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
 *   |   |   (a used verification link: kind verify_email_used, same key, kept 30 days to answer "already verified")
 * | 5 | a user's monitors, oldest first           | table | PK = USER#<sub>, SK begins_with MONITOR#        |
 * | 6 | one monitor of a user (404 if not theirs) | table | PK = USER#<sub>, SK = MONITOR#<ulid>            |
 * | 7 | all monitors by creation (admin lists)    | GSI1  | GSI1PK = MONITORS, GSI1SK = <ulid>              |
 * | 8 | active monitors with a slot in a minute   | GSI2  | GSI2PK = DUE#<shard>#<interval s>,              |
 * |   |   (dispatch.ts: t ≡ phase mod interval)   |       |   GSI2SK between <phase from> and <phase to>    |
 * | 8b| check intervals in use (dispatcher)       | table | PK = SCHEDULE, SK = INTERVALS                   |
 * | 8c| a monitor's check state and current hour  | table | PK = USER#<sub>, SK = MONITOR#<ulid>#STATE      |
 * | 9 | a monitor's check results, newest first   | table | PK = MONITOR#<id>, SK begins_with CHECK#  (TTL) |
 * |10 | one round's results from every region     | table | PK = MONITOR#<id>, SK begins_with CHECK#<round># |
 * |11 | a monitor's hourly rollups (closed hours; | table | PK = MONITOR#<id>, SK between ROLLUP#<h1>, #<h2> |
 * |   |   the open hour is in the state item, 8c) |       |                                                 |
 * |12 | a user's incidents, newest first          | table | PK = USER#<sub>, SK begins_with INCIDENT#       |
 * |13 | all incidents by time (admin lists)       | GSI1  | GSI1PK = INCIDENTS, GSI1SK = <ulid>             |
 * |14 | an alert-outbox event by its transition   | table | PK = OUTBOX#<transition id>, SK = OUTBOX        |
 * |14b| outbox events not yet mailed, by the time | GSI1  | GSI1PK = OUTBOX_PENDING, GSI1SK <= <cutoff>     |
 * |   |   they are due (outbox sweeper; sparse)   |       |   (GSI1SK = an ISO time; removed once handled)  |
 * |15 | a user's running force check (lock, TTL)  | table | PK = USER#<sub>, SK = FORCE_CHECK               |
 * |16 | a user's notification preferences         | table | PK = USER#<sub>, SK = NOTIFICATION_PREFERENCES  |
 * |17 | one contact-form message                  | table | PK = CONTACT#<ulid>, SK = CONTACT               |
 * |18 | contact-form messages by time (operators) | GSI1  | GSI1PK = CONTACT_MESSAGES, GSI1SK = <ulid>      |
 * |19 | uses of a rate limit in one window (TTL)  | table | PK = RATE#<scope>#<subject>, SK = WINDOW#<start> |
 * |20 | every item of one partition (account      | table | PK = USER#<sub>, MONITOR#<id> or                |
 * |   |   erasure, partition-eraser.ts)           |       |   RATE#<scope>#<e-mail>; no SK condition        |
 * |21 | a user's report of one period (sent once) | table | PK = USER#<sub>, SK = REPORT#<kind>#<start> (TTL)|
 *
 * GSI2 is sparse: only active monitors carry GSI2PK/GSI2SK, so pausing one takes it out of dispatch.
 * Its keys change only when a monitor is created, edited, paused or resumed, never per round. The
 * state item (8c) sorts right after its monitor (5 returns both); it is the only item a steady
 * round rewrites (monitor-check-state-repository.ts).
 * Round ids are ISO times, so CHECK# keys sort by time.
 * GSI1 OUTBOX_PENDING (14b) is sparse too: an outbox entry carries its GSI1 keys from the round's
 * transaction until the mailer has handled it (sent, skipped by preference, or failed for good);
 * GSI1SK is when the entry is next due (written: its creation; while being mailed: the lease's
 * end; after a failed try: the retry time), so the sweeper's one Query finds exactly the stuck ones.
 * It is one index partition, written a few times per alert: far below a partition's write limit.
 */
export const ENTITY = {
  user: 'user',
  email: 'email',
  token: 'token',
  monitor: 'monitor',
  monitorState: 'monitor_state',
  schedule: 'schedule',
  check: 'check',
  rollup: 'rollup',
  incident: 'incident',
  outbox: 'outbox',
  reportDelivery: 'report_delivery',
  lock: 'lock',
  notificationPreferences: 'notification_preferences',
  contactMessage: 'contact_message',
  rateLimit: 'rate_limit',
} as const;

export type Entity = (typeof ENTITY)[keyof typeof ENTITY];

export interface ItemKey {
  PK: string;
  SK: string;
}

export const userKey = (userId: string): ItemKey => ({ PK: `USER#${userId}`, SK: 'PROFILE' });

/** Every user profile carries this GSI1PK (pattern 3). */
export const USER_LIST_PARTITION = 'USERS';

export const userListKey = (createdAt: string, userId: string) => ({
  GSI1PK: USER_LIST_PARTITION,
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

/** The monitor id in the sort key of a monitor item or its state item (patterns 5, 8c); null otherwise. */
export const monitorIdOfSortKey = (sortKey: string): string | null =>
  sortKey.startsWith(MONITOR_SK_PREFIX) ? sortKey.slice(MONITOR_SK_PREFIX.length).split('#')[0] || null : null;

export const monitorListKey = (monitorId: string) => ({ GSI1PK: 'MONITORS', GSI1SK: monitorId });

/** Phases are whole seconds, zero-padded so they sort as numbers (intervals stay under 10^6 s). */
export const duePhaseKey = (phaseSeconds: number): string => String(phaseSeconds).padStart(6, '0');

export const duePartition = (shard: number, intervalSeconds: number): string => `DUE#${shard}#${intervalSeconds}`;

export const dueKey = (shard: number, intervalSeconds: number, phaseSeconds: number) => ({
  GSI2PK: duePartition(shard, intervalSeconds),
  GSI2SK: duePhaseKey(phaseSeconds),
});

export const scheduleIntervalsKey = (): ItemKey => ({ PK: 'SCHEDULE', SK: 'INTERVALS' });

export const MONITOR_STATE_SK_SUFFIX = '#STATE';

export const monitorStateKey = (userId: string, monitorId: string): ItemKey => ({
  PK: `USER#${userId}`,
  SK: `${MONITOR_SK_PREFIX}${monitorId}${MONITOR_STATE_SK_SUFFIX}`,
});

/** The monitor item and its state item together (a Query with this prefix returns both). */
export const monitorItemsPrefix = (monitorId: string): string => `${MONITOR_SK_PREFIX}${monitorId}`;

export const CHECK_SK_PREFIX = 'CHECK#';

export const monitorPartition = (monitorId: string): string => `MONITOR#${monitorId}`;

export const checkKey = (monitorId: string, round: string, region: string): ItemKey => ({
  PK: monitorPartition(monitorId),
  SK: `${CHECK_SK_PREFIX}${round}#${region}`,
});

export const roundChecksPrefix = (round: string): string => `${CHECK_SK_PREFIX}${round}#`;

export const ROLLUP_SK_PREFIX = 'ROLLUP#';

export const rollupKey = (monitorId: string, hour: string): ItemKey => ({
  PK: monitorPartition(monitorId),
  SK: `${ROLLUP_SK_PREFIX}${hour}`,
});

export const INCIDENT_SK_PREFIX = 'INCIDENT#';

export const incidentKey = (userId: string, incidentId: string): ItemKey => ({
  PK: `USER#${userId}`,
  SK: `${INCIDENT_SK_PREFIX}${incidentId}`,
});

/** A user's incidents (pattern 12): query this partition with SK begins_with INCIDENT_SK_PREFIX. */
export const userIncidentsPartition = (userId: string): string => `USER#${userId}`;

export const incidentListKey = (incidentId: string) => ({ GSI1PK: 'INCIDENTS', GSI1SK: incidentId });

export const outboxKey = (transitionId: string): ItemKey => ({ PK: `OUTBOX#${transitionId}`, SK: 'OUTBOX' });

export const OUTBOX_PENDING_PARTITION = 'OUTBOX_PENDING';

/** The sweeper's index keys of an outbox entry still to be mailed (pattern 14b); `dueAt` an ISO time. */
export const outboxPendingKey = (dueAt: string) => ({ GSI1PK: OUTBOX_PENDING_PARTITION, GSI1SK: dueAt });

export const forceCheckLockKey = (userId: string): ItemKey => ({ PK: `USER#${userId}`, SK: 'FORCE_CHECK' });

export const notificationPreferencesKey = (userId: string): ItemKey => ({
  PK: `USER#${userId}`,
  SK: 'NOTIFICATION_PREFERENCES',
});

/** Which report (pattern 21): `periodStart` is the ISO start of the period it covers. */
export const reportDeliveryKey = (userId: string, kind: string, periodStart: string): ItemKey => ({
  PK: `USER#${userId}`,
  SK: `REPORT#${kind}#${periodStart}`,
});

export const contactMessageKey = (messageId: string): ItemKey => ({ PK: `CONTACT#${messageId}`, SK: 'CONTACT' });

export const contactMessageListKey = (messageId: string) => ({ GSI1PK: 'CONTACT_MESSAGES', GSI1SK: messageId });

/** Every window of one rate limit for one subject (pattern 19; erased with the account, 20). */
export const rateLimitPartition = (scope: string, subject: string): string => `RATE#${scope}#${subject}`;

/** `subject` is who is limited (a user id, a normalized e-mail); `windowStart` an ISO time. */
export const rateLimitKey = (scope: string, subject: string, windowStart: string): ItemKey => ({
  PK: rateLimitPartition(scope, subject),
  SK: `WINDOW#${windowStart}`,
});
