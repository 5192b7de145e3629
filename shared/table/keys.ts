/**
 * Key builders for the single table. Repositories build keys only through these functions, which
 * live by area in keys/ and are all imported from here.
 *
 * Access patterns (entity: how it is reached)
 * | # | pattern                                   | index | key condition                                   |
 * |---|-------------------------------------------|-------|-------------------------------------------------|
 * | 1 | user profile by Cognito sub               | table | PK = USER#<sub>, SK = PROFILE                   |
 * | 2 | user id by e-mail (uniqueness, login)     | table | PK = EMAIL#<lower-case e-mail>, SK = EMAIL      |
 * | 3 | users by signup time (admin lists)        | GSI1  | GSI1PK = USERS, GSI1SK = <created_at>#<sub>     |
 * | 3b| operator accounts (out of the customer    | GSI1  | GSI1PK = OPERATORS, GSI1SK = <created_at>#<sub> |
 *   |   |   list; the profile's own 3 key, moved)   |       |                                                 |
 * | 4 | one-time token by hash (verify, reset,    | table | PK = TOKEN#<sha256>, SK = TOKEN   (TTL)         |
 *   |   |   confirm a channel's address: also channel_id, channel_address)
 *   |   |   (a used verification link: kind verify_email_used, same key, kept 30 days to answer "already verified")
 *   |   |   (a used reset link: kind reset_password_used, same key, kept 7 days to answer "already used")
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
 * |   |   the open hour is in the state item, 8c; |       |   (with the hour's latency: `latency`,          |
 * |   |   docs/analytics.md "Where it is kept")   |       |   phase_<phase>_ms / _n)                        |
 * |12 | a user's incidents, newest first          | table | PK = USER#<sub>, SK begins_with INCIDENT#       |
 * |13 | all incidents by time (admin lists)       | GSI1  | GSI1PK = INCIDENTS, GSI1SK = <ulid>             |
 * |14 | an alert-outbox event by its transition   | table | PK = OUTBOX#<transition id>, SK = OUTBOX        |
 * |14b| outbox events not yet mailed, by the time | GSI1  | GSI1PK = OUTBOX_PENDING, GSI1SK <= <cutoff>     |
 * |   |   they are due (outbox sweeper; sparse)   |       |   (GSI1SK = an ISO time; removed once handled)  |
 * |15 | a user's running force check (lock, TTL)  | table | PK = USER#<sub>, SK = FORCE_CHECK               |
 * |16 | a user's notification preferences         | table | PK = USER#<sub>, SK = NOTIFICATION_PREFERENCES  |
 * |17 | one contact-form message                  | table | PK = CONTACT#<ulid>, SK = CONTACT               |
 *   |   |   (priority, respond_by, sender, answered_at: the support queue, docs/product-rules.md "Priority support")
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
 * |24b| pending payments older than a cutoff,     | GSI2  | GSI2PK = PAYMENTS#pending,                      |
 * |   |   oldest first (abandoned-checkout sweep) |       |   GSI2SK < <ulid time of the cutoff>            |
 * |25 | payment counters (count/status, revenue)  | table | PK = STATS, SK = PAYMENTS                       |
 * |26 | a payment by the provider's reference     | table | PK = PAYMENT_REF#<gateway>#<ref>, SK = REF      |
 * |27 | a user's paid subscription                | table | PK = USER#<sub>, SK = SUBSCRIPTION              |
 * |28 | subscriptions by period end (backstop)    | GSI1  | GSI1PK = SUBSCRIPTION_ENDS, GSI1SK <= <ISO>#<sub>|
 * |29 | a provider webhook event, applied once    | table | PK = WEBHOOK_EVENT, SK = EVENT#<hash>     (TTL)  |
 * |   |   (Powertools Idempotency's record; hash: |       |   (<hash> = base64 MD5 of [gateway, event id];  |
 * |   |   webhook-event-repository.ts)            |       |   only ever read by its exact key)              |
 * |30 | a provider's price/plan of tier+period    | table | PK = PROVIDER_PLAN#<gateway>, SK = <tier>#<period>#<cur>|
 * |30b| a provider plan id's tier+period+currency | table | PK = PROVIDER_PLAN#<gateway>, SK = ID#<plan id> |
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
 * |40 | a user's alert channels, oldest first     | table | PK = USER#<sub>, SK begins_with CHANNEL#        |
 * |41 | a channel's deliveries, newest first      | table | PK = USER#<sub>,                                |
 * |   |   (one per transition x channel; TTL)     |       |   SK begins_with DELIVERY#<channel>#            |
 * |   |                                           |       |   (SK = ...#<occurred at>#<transition id>)      |
 * |41b| deliveries not yet made, by when due      | GSI1  | GSI1PK = CHANNEL_DELIVERY_PENDING,              |
 * |   |   (delivery sweeper; sparse)              |       |   GSI1SK <= <cutoff>                            |
 * |41c| a channel's storm digests of one window   | table | PK = USER#<sub>, SK begins_with DELIVERY#       |
 * |   |   (where a first join begins; docs/alerts |       |   <channel>#<window start>#digest-<window       |
 * |   |   .md "Storms and pacing")                |       |   start>- (then the generation)                 |
 * |42 | a user's text messages of one month       | table | PK = USER#<sub>, SK = SMS_USAGE#<YYYY-MM> (TTL) |
 * |43 | a user's default alert rules              | table | PK = USER#<sub>, SK = ALERT_RULES               |
 * |44 | a one-click acknowledgement link (TTL)    | table | PK = ACK#<sha256 of token>, SK = ACK            |
 * |45 | an open incident's reminder/escalation    | table | PK = USER#<sub>, SK = ALERT_TIMER#<incident id> |
 * |45b| alert timers by when next due (sparse)    | GSI1  | GSI1PK = ALERT_TIMERS, GSI1SK <= <now>          |
 * |46 | an account's storm window (docs/alerts.md | table | PK = USER#<sub>, SK = STORM                     |
 * |   |   "Storms and pacing"; TTL)               |       |                                                 |
 * |47 | one transition's seat in a storm window   | table | PK = USER#<sub>, SK = STORM_SEAT#<transition>   |
 * |   |   (what a retried fan-out reads; TTL)     |       |   (TTL)                                         |
 * |48 | one destination's next free send slot     | table | PK = PACE#<sha256 of type and destination>,     |
 * |   |   (pacing; TTL)                           |       |   SK = PACE                                     |
 * |49 | a user's open live-status connections     | table | PK = USER#<sub>, SK begins_with LIVE#           |
 * |   |   (WebSocket pushes, docs/live-status.md; |       |   (SK = LIVE#<connection id>; TTL 2 h, API      |
 * |   |   written by $connect, gone on close/410) |       |   Gateway's longest connection)                 |
 * |50 | a user's status pages (components inline; | table | PK = USER#<sub>, SK = STATUS_PAGE#<ulid>        |
 * |   |   docs/status-pages.md)                   |       |   (the user's all: begins_with STATUS_PAGE#)    |
 * |51 | a status page by its slug (unique across  | table | PK = STATUS_SLUG#<slug>, SK = STATUS_SLUG       |
 * |   |   accounts; written in the page's         |       |   (holds user_id and page_id)                   |
 * |   |   transaction; the public page's lookup)  |       |                                                 |
 * |52 | a monitor's daily rollups (the closed     | table | PK = MONITOR#<id>,                              |
 * |   |   hours of one UTC day summed; status     |       |   SK between DAY_ROLLUP#<d1>, #<d2>  (TTL)      |
 * |   |   page bars, analytics; day-rollups.ts)   |       |   (`latency`: its hours' histograms merged)     |
 * |53 | a monitor by its badge token (the public  | table | PK = BADGE#<sha256 of token>, SK = BADGE        |
 * |   |   badge routes; docs/status-pages.md      |       |   (the token itself: `badge_token` on the       |
 * |   |   "Badges"; written and deleted with the  |       |   monitor item, 6, for the owner's page)        |
 * |   |   token and with the monitor)             |       |                                                 |
 * |54 | a user's maintenance windows, oldest first| table | PK = USER#<sub>, SK begins_with MAINTENANCE#    |
 * |   |   (docs/maintenance.md; few per account:  |       |   (SK = MAINTENANCE#<ulid>; their number is     |
 * |   |   read whole, occurrences computed)       |       |   `maintenance_window_count` on the profile, 1) |
 * |55 | a maintenance window's boundary state     | table | PK = USER#<sub>,                                |
 * |   |   (occurrence stamped, on which monitors) |       |   SK = MAINTENANCE_BOUNDARY#<window id>         |
 * |55b| window boundaries by when next due        | GSI1  | GSI1PK = MAINTENANCE_BOUNDARIES,                |
 * |   |   (boundary job, every minute; sparse)    |       |   GSI1SK <= <now> (= <ISO>#<sub>#<window id>)   |
 * |   |   a maintenance mail, sent once: 21's key with <kind> = maintenance_<scheduled|started|ended>#<window id> |
 * |56 | a status page's subscribers, newest first | table | PK = STATUS_SUBSCRIBERS#<page id>,              |
 * |   |   (docs/status-pages.md "Subscribers";    |       |   SK begins_with SUBSCRIBER#  (SK = ...<ulid>)  |
 * |   |   status-subscriber-repository.ts)        |       |                                                 |
 * |56b| a page's confirmed subscribers (mails;    | GSI2  | GSI2PK = STATUS_SUBSCRIBERS_CONFIRMED#<page id>,|
 * |   |   sparse: set when confirmed)             |       |   GSI2SK = <subscriber ulid>                    |
 * |57 | a page's subscriber by e-mail address     | table | PK = STATUS_SUBSCRIBERS#<page id>,              |
 * |   |   (holds subscriber_id; one GetItem)      |       |   SK = ADDRESS#<lower-case e-mail>              |
 * |58 | a subscription's confirmation link        | table | PK = STATUS_SUBSCRIBERS#<page id>,              |
 * |   |   (holds subscriber_id; TTL)              |       |   SK = CONFIRM#<sha256 of token>                |
 * |59 | a page's subscriber counters (confirmed,  | table | PK = STATUS_SUBSCRIBERS#<page id>, SK = COUNTS  |
 * |   |   pending, total; in every subscriber tx) |       |   (and swept_at: the last sweep of expired      |
 * |   |                                           |       |   pending addresses)                            |
 * |60 | one subscriber's mail of one notice       | table | PK = STATUS_NOTICE#<page id>#<notice id>,       |
 * |   |   (claim: sent once; docs/status-pages.md |       |   SK = SUBSCRIBER#<subscriber id>   (TTL 30 d)  |
 * |   |   "Subscriber mails"; no address kept)    |       |                                                 |
 * |61 | a notice's next slice of subscribers was  | table | PK = STATUS_NOTICE#<page id>#<notice id>,       |
 * |   |   queued (a retried message queues none)  |       |   SK = NEXT#<cursor, or START>   (TTL 30 d)     |
 * |62 | a private status page's sign-in link by   | table | PK = SP_ACCESS#<sha256 of token>,               |
 * |   |   its token (docs/status-pages.md         |       |   SK = SP_ACCESS  (TTL; holds page, owner and   |
 * |   |   "Private pages"; works 15 minutes)      |       |   the access version it was sent for)           |
 * |63 | a workspace's record (name, member and    | table | PK = USER#<workspace id>, SK = WORKSPACE        |
 * |   |   owner counts; docs/teams.md "Storage")  |       |   (workspace id = its founder's user id)        |
 * |64 | a workspace's members with their roles    | table | PK = USER#<workspace id>, SK = MEMBER#<user id> |
 * |65 | the workspaces a person belongs to        | table | PK = USER#<user id>,                            |
 * |   |   (written with 64 in one transaction)    |       |   SK = MEMBERSHIP#<workspace id>                |
 * |66 | a workspace's audit log, newest first     | table | PK = USER#<workspace id>,                       |
 * |   |   (nobody edits it; kept a year, TTL)     |       |   SK begins_with WS_AUDIT#  (SK = ...<ulid>)    |
 * |   |   or by a date range                      |       |   or SK BETWEEN WS_AUDIT#<time> AND ...<time>~  |
 * |70 | an API key by its secret (docs/api.md     | table | PK = API_KEY#<sha256 of the secret>,            |
 * |   |   "Authentication"; holds workspace, key  |       |   SK = API_KEY  (deleted on revoke; TTL a week  |
 * |   |   id, name, prefix, scope, expiry, maker) |       |   after its expiry)                             |
 * |71 | a workspace's API keys (name, prefix,     | table | PK = USER#<workspace id>,                       |
 * |   |   scope, expiry, last use and IP, revoked)|       |   SK = API_KEY#<key id>                         |
 * |72 | a POST's first answer by its workspace    | table | PK = IDEMPOTENCY, SK = api-request#<hash of the |
 * |   |   and Idempotency-Key (Powertools; TTL a  |       |   workspace id and the header> (docs/api.md     |
 * |   |   day)                                    |       |   "Idempotency")                                |
 * |73 | a person's two-factor sign-in: the sealed | table | PK = USER#<sub>, SK = TWO_FACTOR   (the secret  |
 *   |   TOTP secret (pending or on), the hashes |       |   sealed, recovery codes as SHA-256 hex in a    |
 *   |   of unused recovery codes, the last step |       |   string set, last_step; docs/security.md       |
 *   |   used (no replay)                        |       |   "Two-factor sign-in")                         |
 * |67 | a workspace's pending invitations (the    | table | PK = USER#<workspace id>,                       |
 * |   |   list; seats; docs/teams.md "Members and |       |   SK = INVITE#<invitation id>   (TTL: its       |
 * |   |   invitations"; removed on accept/revoke) |       |   expiry; holds e-mail, role, inviter)          |
 * |68 | an invitation link by its token (the      | table | PK = WS_INVITE#<sha256 of token>, SK = WS_INVITE|
 * |   |   accept page; keeps pending / accepted / |       |   (TTL 30 d after expiry; holds workspace,      |
 * |   |   revoked so a dead link says why)        |       |   invitation id, e-mail, role, status)          |
 * |69 | the seat lock of a workspace: invitations |  -    | `seat_version` on the record (63), bumped with  |
 * |   |   are created one at a time per workspace |       |   a condition by every invitation's transaction |
 * |79 | unverified accounts by when they are due  | GSI2  | GSI2PK = UNVERIFIED_ACCOUNTS,                   |
 *   |   |   for erasure (sparse: on the profile, 1, |       |   GSI2SK <= <now> (= <due ISO>#<sub>)           |
 *   |   |   removed at verification; product-rules) |       |                                                 |
 * |76 | a person's sign-in sessions (device, IP,  | table | PK = USER#<sub>, SK = SESSION#<session id>      |
 *   |   |   signed in, last seen, its tokens; TTL   |       |   (the list: begins_with SESSION#)              |
 *   |   |   the refresh token's end; security.md)   |       |                                                 |
 * |77 | a session's access token by its jti (the  | table | PK = USER#<sub>, SK = SESSION_TOKEN#<jti>       |
 *   |   |   caller check reads it; TTL its expiry)  |       |   (holds session_id; `second_factor_passed`     |
 *   |   |                                           |       |   when an operator's token passed the second    |
 *   |   |                                           |       |   step: admin routes need it)                   |
 * |78 | a session by its refresh token (the       | table | PK = USER#<sub>,                                |
 *   |   |   refresh route's gate; TTL as 76)        |       |   SK = SESSION_REFRESH#<sha256 of the token>    |
 * |88 | a workspace's named account manager (name,| table | PK = USER#<workspace id>, SK = ACCOUNT_MANAGER  |
 *   |   |   e-mail, when; set by operators; plans   |       |   (docs/product-rules.md "Account manager")     |
 *   |   |   with `accountManager`)                  |       |                                                 |
 * |86 | a monitor's decided rounds of one hour    | table | PK = MONITOR#<id>, SK between                   |
 *   |   |   (9b's items keyed inside the hour; the  |       |   ROUNDS#<hour>:00:00.000Z and                  |
 *   |   |   hour's latency, docs/analytics.md)      |       |   ROUNDS#<hour>:59:59.999Z                      |
 * |81 | a workspace downgraded to Free whose old  | table | PK = USER#<workspace id>,                       |
 *   |   |   incidents are archived when the grace   |       |   SK = INCIDENT_ARCHIVE_DUE (holds due_at)      |
 *   |   |   ends (product-rules.md "Retention")     | GSI1  | GSI1PK = INCIDENT_ARCHIVE_DUE,                  |
 *   |   |                                           |       |   GSI1SK = <due at ISO>#<workspace id>          |
 * |82 | the table's size by kind of item, as the | table | PK = STATS, SK = TABLE_CENSUS                   |
 *   |   |   daily census last estimated it (the     |       |   (docs/admin.md "Table size by kind")          |
 *   |   |   operator dashboard)                     |       |                                                 |
 * |83 | a workspace's SLA target (docs/sla-reports.md | table | PK = USER#<workspace id>, SK = SLA_TARGET   |
 *   |   |   "Targets"; the target and its setter)   |       |   (83 and 84 together: begins_with SLA_TARGET)  |
 * |84 | one monitor's own SLA target (deleted     | table | PK = USER#<workspace id>,                       |
 *   |   |   with the monitor: monitorCompanionKeys)|       |   SK = SLA_TARGET#<monitor id>                  |
 * |85 | a workspace's monthly SLA mail to one     | table | 21's key in the owner's partition with <kind> = |
 *   |   |   owner, sent once (docs/sla-reports.md |       |   sla#<workspace id> and <start> the month's    |
 *   |   |   "The mail on the 1st")                |       |   first instant (ISO)                           |
 * |89 | a storm digest's members, one item each   | table | PK = USER#<sub>, SK begins_with                 |
 *   |   |   (written with the digest's counters in  |       |   DIGEST_MEMBER#<digest's SK, 41>#              |
 *   |   |   one transaction; read when it is sent;  |       |   (SK = ...#<transition id>; TTL as 41, from    |
 *   |   |   docs/alerts.md "Storms and pacing")     |       |   the join; outside 41's range)                 |
 *
 * Workspaces (docs/teams.md "Storage"): every pattern above keyed `USER#<sub>` for a monitor,
 * incident, channel, page, window, payment or the subscription is keyed by the workspace id; a
 * workspace's id is its founder's user id, so those items never moved. The profile (1) holds the
 * person and, for the workspace they founded, its tier and counters.
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
  tableCensus: 'table_census',
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
  channel: 'channel',
  channelDelivery: 'channel_delivery',
  digestMember: 'digest_member',
  smsUsage: 'sms_usage',
  alertRules: 'alert_rules',
  ackToken: 'ack_token',
  alertTimer: 'alert_timer',
  stormWindow: 'storm_window',
  stormSeat: 'storm_seat',
  paceSlot: 'pace_slot',
  liveConnection: 'live_connection',
  badge: 'badge',
  statusPage: 'status_page',
  statusSlug: 'status_slug',
  dayRollup: 'day_rollup',
  maintenanceWindow: 'maintenance_window',
  maintenanceBoundary: 'maintenance_boundary',
  statusSubscriber: 'status_subscriber',
  statusSubscriberAddress: 'status_subscriber_address',
  subscriberConfirmation: 'subscriber_confirmation',
  statusSubscriberCounts: 'status_subscriber_counts',
  subscriberNoticeClaim: 'subscriber_notice_claim',
  subscriberNoticeSlice: 'subscriber_notice_slice',
  statusPageAccessLink: 'status_page_access_link',
  workspace: 'workspace',
  workspaceMember: 'workspace_member',
  membership: 'membership',
  workspaceAuditEntry: 'workspace_audit_entry',
  apiKeyLookup: 'api_key_lookup',
  apiKey: 'api_key',
  twoFactor: 'two_factor',
  workspaceInvitation: 'workspace_invitation',
  invitationToken: 'invitation_token',
  session: 'session',
  sessionToken: 'session_token',
  sessionRefresh: 'session_refresh',
  accountManager: 'account_manager',
  incidentArchiveDue: 'incident_archive_due',
  slaTarget: 'sla_target',
} as const;

export type Entity = (typeof ENTITY)[keyof typeof ENTITY];

export interface ItemKey {
  PK: string;
  SK: string;
}

export * from './keys/account.js';
export * from './keys/monitors.js';
export * from './keys/checks.js';
export * from './keys/billing.js';
export * from './keys/operator.js';
export * from './keys/alerts.js';
export * from './keys/live.js';
export * from './keys/badges.js';
export * from './keys/status-pages.js';
export * from './keys/maintenance.js';
export * from './keys/status-subscribers.js';
export * from './keys/subscriber-notices.js';
export * from './keys/status-page-access.js';
export * from './keys/maintenance-boundaries.js';
export * from './keys/workspaces.js';
export * from './keys/api-keys.js';
export * from './keys/two-factor.js';
export * from './keys/sessions.js';
export * from './keys/support.js';
export * from './keys/retention.js';
export * from './keys/sla.js';
