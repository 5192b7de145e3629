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
 * | 8d| a monitor's closed hours of the last day  | table | PK = USER#<sub>, SK = DAY#<ulid>                |
 * |   |   (dashboard; one small item per monitor; |       |   (a user's all: begins_with DAY#; outside 5's  |
 * |   |   before: SK = MONITOR#<ulid>#DAY)        |       |   range, so the list does not read them)        |
 * | 8e| an https monitor's certificate (ssl)      | table | PK = USER#<sub>, SK = MONITOR#<ulid>#SSL        |
 * |   |   (rewritten only when it changes)        |       |   (read with 5: begins_with MONITOR#)           |
 * | 9 | a monitor's check results, newest first   | table | PK = MONITOR#<id>, SK begins_with CHECK#  (TTL) |
 * |   |   (per region's answer: older rounds and  |       |                                                 |
 * |   |   answers that came after their round)    |       |                                                 |
 * | 9b| a monitor's decided rounds, newest first  | table | PK = MONITOR#<id>, SK begins_with ROUNDS#  (TTL)|
 * |   |   (a few rounds per item, round-history.ts; the newest ones are in the state item, 8c) |   |
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
 * |19b| failed sign-ins of an address from one IP | table | PK = RATE#<scope>#<e-mail>,                     |
 * |   |   in one window (TTL; erased with 19)     |       |   SK = WINDOW#<start>#FROM#<ip>                 |
 * |20 | every item of one partition (account      | table | PK = USER#<sub>, MONITOR#<id> or                |
 * |   |   erasure, partition-eraser.ts)           |       |   RATE#<scope>#<e-mail>; no SK condition        |
 * |21 | a user's report of one period (sent once) | table | PK = USER#<sub>, SK = REPORT#<kind>#<start> (TTL)|
 * |22 | a user's payments, newest first           | table | PK = USER#<sub>, SK begins_with PAYMENT#        |
 * |23 | all payments, newest first (operators)    | GSI1  | GSI1PK = PAYMENTS, GSI1SK = <ulid>              |
 * |24 | payments in one status, newest first      | GSI2  | GSI2PK = PAYMENTS#<status>, GSI2SK = <ulid>     |
 * |25 | payment counters (count/status, revenue)  | table | PK = STATS, SK = PAYMENTS                       |
 * |26 | a payment by the provider's reference     | table | PK = PAYMENT_REF#<gateway>#<ref>, SK = REF      |
 * |27 | a user's paid subscription                | table | PK = USER#<sub>, SK = SUBSCRIPTION              |
 * |28 | subscriptions by period end (backstop)    | GSI1  | GSI1PK = SUBSCRIPTION_ENDS, GSI1SK <= <ISO>#<sub>|
 * |29 | a provider webhook event, applied once    | table | PK = WEBHOOK_EVENT, SK = EVENT#<hash>     (TTL)  |
 * |   |   (Powertools Idempotency's record; hash: |       |   (<hash> = base64 MD5 of [gateway, event id];  |
 * |   |   webhook-event-repository.ts)            |       |   only ever read by its exact key)              |
 * |30 | a provider's price/plan of tier+period    | table | PK = PROVIDER_PLAN#<gateway>, SK = <tier>#<period>#<cur>|
 * |31 | disabled monitors by when (30-day purge)  | GSI2  | GSI2PK = DISABLED_MONITORS, GSI2SK <= <ISO>#<id> |
 * |32 | operator counters (users, tiers, monitors  | table | PK = STATS, SK = ADMIN_COUNTERS                 |
 * |   |   by status, incidents; docs/admin.md)    |       |                                                 |
 * |33 | one application error                     | table | PK = APP_ERROR#<ulid>, SK = APP_ERROR  (TTL)    |
 * |34 | application errors by time (operators)    | GSI1  | GSI1PK = APP_ERRORS, GSI1SK = <ulid>            |
 * |35 | application errors of one type by time    | GSI2  | GSI2PK = APP_ERRORS#<type>, GSI2SK = <ulid>     |
 * |36 | operator actions on one user, newest first| table | PK = AUDIT#<user id>, SK = <ulid>  (TTL)        |
 * |37 | operator actions by time                  | GSI1  | GSI1PK = AUDIT_LOG, GSI1SK = <ulid>             |
 * |38 | one region's pending answers to a pack    | table | PK = PACK#<pack id>, SK begins_with REGION#     |
 * |   |   (result-packs.ts; short TTL)            |       |                                                 |
 * |39 | a heartbeat monitor by its push secret    | table | PK = HEARTBEAT#<sha256 of token>, SK = HEARTBEAT|
 * |   |   (the public ping route; docs/checks.md) |       |   (its last ping is in the state item, 8c)      |
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
 * Billing (docs/billing.md): a payment's GSI2 keys change with its status (24), in the same
 * transaction as the counters (25). A subscription carries its GSI1 keys (28) only while it has a
 * paid period to end; a disabled monitor (31) has left the due index (8) and carries GSI2 keys
 * under DISABLED_MONITORS instead until it is resumed or purged.
 * The operator lists (3, 7, 13, 18, 34) walk their GSI1 partition newest first; a filter the key
 * cannot express (tier, status, search) is applied to each page read, and totals come from the
 * counters item (32) where one exists (docs/admin.md).
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
  payment: 'payment',
  paymentRef: 'payment_ref',
  paymentStats: 'payment_stats',
  subscription: 'subscription',
  providerPlan: 'provider_plan',
  adminCounters: 'admin_counters',
  applicationError: 'application_error',
  auditEntry: 'audit_entry',
  roundHistory: 'round_history',
  pendingPack: 'pending_pack',
  monitorDay: 'monitor_day',
  monitorSsl: 'monitor_ssl',
  heartbeat: 'heartbeat',
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

/**
 * `subject` is who is limited (a user id, a normalized e-mail, a client IP); `windowStart` an ISO
 * time. `from` splits a subject's window by where the uses came from (pattern 19b: an address's
 * failed sign-ins per client IP), in the subject's partition so that erasing the subject erases them.
 */
export const rateLimitKey = (scope: string, subject: string, windowStart: string, from?: string): ItemKey => ({
  PK: rateLimitPartition(scope, subject),
  SK: from === undefined ? `WINDOW#${windowStart}` : `WINDOW#${windowStart}#FROM#${from}`,
});

export const PAYMENT_SK_PREFIX = 'PAYMENT#';

/** One payment of a user (pattern 22). */
export const paymentKey = (userId: string, paymentId: string): ItemKey => ({
  PK: `USER#${userId}`,
  SK: `${PAYMENT_SK_PREFIX}${paymentId}`,
});

export const PAYMENT_LIST_PARTITION = 'PAYMENTS';

/** Every payment, newest first by its ULID (pattern 23). */
export const paymentListKey = (paymentId: string) => ({ GSI1PK: PAYMENT_LIST_PARTITION, GSI1SK: paymentId });

export const paymentStatusPartition = (status: string): string => `PAYMENTS#${status}`;

/** Payments in one status (pattern 24); rewritten with the status. */
export const paymentStatusKey = (status: string, paymentId: string) => ({
  GSI2PK: paymentStatusPartition(status),
  GSI2SK: paymentId,
});

export const paymentStatsKey = (): ItemKey => ({ PK: 'STATS', SK: 'PAYMENTS' });

/** A provider object (checkout session, subscription, invoice, payment) -> our payment (pattern 26). */
export const paymentRefKey = (gateway: string, ref: string): ItemKey => ({ PK: `PAYMENT_REF#${gateway}#${ref}`, SK: 'REF' });

export const subscriptionKey = (userId: string): ItemKey => ({ PK: `USER#${userId}`, SK: 'SUBSCRIPTION' });

export const SUBSCRIPTION_ENDS_PARTITION = 'SUBSCRIPTION_ENDS';

/** A subscription's place in the period-end backstop's index (pattern 28); `endsAt` an ISO time. */
export const subscriptionEndsKey = (endsAt: string, userId: string) => ({
  GSI1PK: SUBSCRIPTION_ENDS_PARTITION,
  GSI1SK: `${endsAt}#${userId}`,
});

/**
 * Pattern 29, as Powertools Idempotency writes it: one static partition, and a sort key of this
 * prefix, `#` and the hash of the event's gateway and id. Only ever read or written by its exact
 * key (webhooks are few: the partition is far below its limits).
 */
export const WEBHOOK_EVENTS_PARTITION = 'WEBHOOK_EVENT';
export const WEBHOOK_EVENT_KEY_PREFIX = 'EVENT';

/** The provider's price (Stripe) or plan (Razorpay) id of one tier, period and currency (pattern 30). */
export const providerPlanKey = (gateway: string, tier: string, period: string, currency: string): ItemKey => ({
  PK: `PROVIDER_PLAN#${gateway}`,
  SK: `${tier}#${period}#${currency}`,
});

export const DISABLED_MONITORS_PARTITION = 'DISABLED_MONITORS';

/** A disabled monitor's place in the purge index (pattern 31); `disabledAt` an ISO time. */
export const disabledMonitorKey = (disabledAt: string, monitorId: string) => ({
  GSI2PK: DISABLED_MONITORS_PARTITION,
  GSI2SK: `${disabledAt}#${monitorId}`,
});
/** The operator counters (pattern 32), kept with atomic ADDs (admin-counters-repository.ts). */
export const adminCountersKey = (): ItemKey => ({ PK: 'STATS', SK: 'ADMIN_COUNTERS' });

export const applicationErrorKey = (errorId: string): ItemKey => ({ PK: `APP_ERROR#${errorId}`, SK: 'APP_ERROR' });

export const APPLICATION_ERRORS_PARTITION = 'APP_ERRORS';

/** Both index keys of an application error: all by time (34) and by type (35). */
export const applicationErrorListKeys = (errorId: string, errorType: string) => ({
  GSI1PK: APPLICATION_ERRORS_PARTITION,
  GSI1SK: errorId,
  GSI2PK: applicationErrorTypePartition(errorType),
  GSI2SK: errorId,
});

export const applicationErrorTypePartition = (errorType: string): string => `${APPLICATION_ERRORS_PARTITION}#${errorType}`;

export const auditPartition = (userId: string): string => `AUDIT#${userId}`;

export const AUDIT_LOG_PARTITION = 'AUDIT_LOG';

/** An audit entry about `targetUserId` (36), listed globally by time (37). `global` for actions on no one user. */
export const auditEntryKeys = (targetUserId: string, entryId: string) => ({
  PK: auditPartition(targetUserId),
  SK: entryId,
  GSI1PK: AUDIT_LOG_PARTITION,
  GSI1SK: entryId,
});

export const MONITOR_LIST_PARTITION = 'MONITORS';
export const INCIDENT_LIST_PARTITION = 'INCIDENTS';
export const CONTACT_MESSAGES_PARTITION = 'CONTACT_MESSAGES';
/**
 * A monitor's closed hours of the last day (pattern 8d), in its owner's partition but outside the
 * MONITOR# range (pattern 5): the list reads that range, and only the dashboard needs the hours.
 */
export const MONITOR_DAY_SK_PREFIX = 'DAY#';

export const monitorDayKey = (userId: string, monitorId: string): ItemKey => ({
  PK: `USER#${userId}`,
  SK: `${MONITOR_DAY_SK_PREFIX}${monitorId}`,
});

/**
 * Where a day item was kept before it left the MONITOR# range. The processor deletes one when it
 * rebuilds the monitor's day item under the new key (its next closed hour); until then the
 * dashboard still reads it (monitor-repository.ts).
 */
export const legacyMonitorDayKey = (userId: string, monitorId: string): ItemKey => ({
  PK: `USER#${userId}`,
  SK: `${MONITOR_SK_PREFIX}${monitorId}#DAY`,
});

/** An https monitor's certificate as its checks last saw it (pattern 8e; docs/checks.md "SSL certificates"). */
export const MONITOR_SSL_SK_SUFFIX = '#SSL';

export const monitorSslKey = (userId: string, monitorId: string): ItemKey => ({
  PK: `USER#${userId}`,
  SK: `${MONITOR_SK_PREFIX}${monitorId}${MONITOR_SSL_SK_SUFFIX}`,
});

/** A few decided rounds of a monitor (pattern 9b), keyed by the newest round they hold. */
export const ROUNDS_SK_PREFIX = 'ROUNDS#';

export const roundHistoryKey = (monitorId: string, newestRound: string): ItemKey => ({
  PK: monitorPartition(monitorId),
  SK: `${ROUNDS_SK_PREFIX}${newestRound}`,
});

/** One region's pending answers to a pack of rounds (pattern 38). */
export const packPartition = (packId: string): string => `PACK#${packId}`;

export const pendingPackKey = (packId: string, region: string): ItemKey => ({
  PK: packPartition(packId),
  SK: `REGION#${region}`,
});

/** A heartbeat monitor's push secret -> the monitor (pattern 39); the key holds only the secret's hash. */
export const heartbeatLookupKey = (tokenHash: string): ItemKey => ({ PK: `HEARTBEAT#${tokenHash}`, SK: 'HEARTBEAT' });
