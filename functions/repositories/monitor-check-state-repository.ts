import type { SslMarker } from '../../shared/checks/certificate.js';
import { DEFAULT_CONFIRM_ROUNDS, type ApplyRoundResult, type ConfirmRounds, type MonitorCheckState, type OpenIncident } from '../../shared/checks/monitor-state.js';
import { appendRecentRound, type DecidedRound } from '../../shared/checks/round-history.js';
import { advanceHours, hourBucketStart, hourCloseDelayMs, type RollupIncrement, type UnclosedHours } from '../../shared/checks/rollups.js';
import { ENTITY, incidentKey, monitorKey, monitorStateKey } from '../../shared/table/keys.js';
import { cancellationReasons, conditionFailedAt } from './dynamo-errors.js';
import type { LastPing } from '../../shared/checks/heartbeat.js';
import type { MonitorTarget } from '../../shared/monitors/monitor-types.js';
import { toMaintenanceStamp, type MaintenanceStamp } from '../../shared/maintenance/stamp.js';
import { getManyMonitorItems, getMonitorItems, monitorMapKey, storedSlowThresholdMs, storedTarget, toUnclosedHours } from './monitor-items.js';
import { putRoundHistory } from './round-history-repository.js';
import { dayRollupOfClosedHour } from './day-rollups.js';
import { closedHourLatency } from './latency-items.js';
import { closedHourItem, dayHoursItem, firstDayHoursItem, incidentItem, outboxItem, ownerGuards, regionsOfRound } from './round-items.js';
import * as table from './table-commands.js';
import { asUpdateItem, type ConditionalUpdate } from './conditional-update.js';
import type { UpdateBatches } from './update-batches.js';
import { type TableTransactItem, writeIfAllowed } from './table.js';

/**
 * The result processor's side of a monitor (docs/product-rules.md "Incidents and their texts"). The check state lives in a small
 * item of its own next to the monitor (keys.ts pattern 8c), not in the monitor item: the monitor
 * item is in two indexes, so every write to it is paid three times, and a steady round has nothing
 * to say to them. A steady round is ONE conditional update of the state item (compare-and-swap
 * on `last_round`, the open hour's counters and the round's answers included; every few rounds
 * the answers held move out into a history item, shared/checks/round-history.ts), sent with the
 * batch's other steady rounds (update-batches.ts); a round with incidents or alerts is one
 * transaction that also writes the monitor's `latest_incident`, the incidents and the outbox. See
 * shared/checks/monitor-state.ts for the state machine and shared/checks/rollups.ts for the hours.
 * The transaction's other items are built in round-items.ts, the history items written by
 * round-history-repository.ts.
 */
export interface MonitorForChecks {
  userId: string;
  monitorId: string;
  name: string;
  url: string;
  /** `active`, `paused` or `disabled`: only an active monitor's rounds are applied (apply-round.ts). */
  status: string;
  slowThresholdMs: number;
  state: MonitorCheckState;
  /** The latest response time shown (seconds; null while down or never checked): what Degraded is judged on. */
  responseTimeSeconds: number | null;
  /** The hour still being counted, and the one before while it waits to close (rollups.ts `advanceHours`). */
  hours: UnclosedHours;
  /** The newest decided rounds with their answers (round-history.ts), held in the state item. */
  recent: string | null;
  /** What the processor last stored and alerted of the monitor's certificate (certificate.ts). */
  sslMarker: SslMarker | null;
  /** Seconds between checks (for a heartbeat: between pings). */
  intervalSeconds: number;
  /** The non-HTTP target (monitor-types.ts); undefined for http. */
  target: MonitorTarget | undefined;
  /** A heartbeat's last ping (heartbeat-repository.ts); null before the first. */
  lastPing: LastPing | null;
  /** Failing / good rounds in a row that confirm down / up (the owner's alert rules; docs/alerts.md "Alert rules"). */
  confirmRounds: ConfirmRounds;
  /** The maintenance window it is in (the boundary job's stamp, docs/maintenance.md "What a window does"); null: none. */
  maintenance?: MaintenanceStamp | null;
  /**
   * When it was last watched again after a pause (unwatched-monitor-incidents.ts `watchMonitorAgain`);
   * null: never paused since its first round. Part of every round's compare-and-swap: a pause and a
   * resume between the read and the write leave `last_round` as it was but reset the state.
   */
  watchedSince?: string | null;
}

/** What of a monitor lives in its state item (keys.ts 8c): the part a processor knows after its own commit. */
export type CheckStateOfMonitor = Pick<
  MonitorForChecks,
  'state' | 'responseTimeSeconds' | 'hours' | 'recent' | 'sslMarker' | 'lastPing' | 'maintenance' | 'watchedSince'
>;

const toOpenIncident = (value: unknown): OpenIncident | null => {
  if (!value || typeof value !== 'object') return null;
  const open = value as Record<string, unknown>;
  return { id: String(open.id), type: open.type === 'slow' ? 'slow' : 'down', startedAt: String(open.startedAt) };
};

export const toCheckState = (item: Record<string, unknown> | undefined): MonitorCheckState => ({
  isUp: typeof item?.is_up === 'boolean' ? item.is_up : null,
  lastRound: typeof item?.last_round === 'string' ? item.last_round : null,
  slowStreak: Number(item?.slow_streak ?? 0),
  slowSince: typeof item?.slow_since === 'string' ? item.slow_since : null,
  openIncident: toOpenIncident(item?.open_incident),
  pendingStreak: Number(item?.pending_streak ?? 0),
  pendingSince: typeof item?.pending_since === 'string' ? item.pending_since : null,
});

/** The state item's part of a monitor; an absent item (never checked) reads as a fresh state. */
export const toCheckStateOfMonitor = (state: Record<string, unknown> | undefined): CheckStateOfMonitor => ({
  state: toCheckState(state),
  responseTimeSeconds: typeof state?.response_time === 'number' ? state.response_time : null,
  hours: toUnclosedHours(state),
  recent: typeof state?.recent === 'string' ? state.recent : null,
  sslMarker: state?.ssl_marker && typeof state.ssl_marker === 'object' ? (state.ssl_marker as SslMarker) : null,
  lastPing: typeof state?.last_ping_at === 'string' ? { at: state.last_ping_at, failed: state.last_ping_failed === true } : null,
  maintenance: toMaintenanceStamp(state?.maintenance),
  watchedSince: typeof state?.watched_since === 'string' ? state.watched_since : null,
});

/** A state part as the state item's attributes: toCheckStateOfMonitor's inverse (a unit test holds them to it). */
const toStateItemFields = (part: CheckStateOfMonitor): Record<string, unknown> => ({
  is_up: part.state.isUp,
  last_round: part.state.lastRound,
  slow_streak: part.state.slowStreak,
  slow_since: part.state.slowSince,
  open_incident: part.state.openIncident,
  pending_streak: part.state.pendingStreak,
  pending_since: part.state.pendingSince,
  response_time: part.responseTimeSeconds,
  open_hour: part.hours.open,
  closing_hour: part.hours.closing,
  recent: part.recent,
  ssl_marker: part.sslMarker,
  ...(part.lastPing ? { last_ping_at: part.lastPing.at, last_ping_failed: part.lastPing.failed } : {}),
  ...(part.maintenance ? { maintenance: part.maintenance } : {}),
  ...(part.watchedSince ? { watched_since: part.watchedSince } : {}),
});

/** The state part an update that set `set` leaves in the item: what a read of it afterwards gives. */
export const stateAfterUpdate = (before: CheckStateOfMonitor, set: Readonly<Record<string, unknown>>): CheckStateOfMonitor =>
  toCheckStateOfMonitor({ ...toStateItemFields(before), ...set });

/** The monitor item's settings with a state part, read with it or known from a commit. */
const toMonitorForChecks = (userId: string, monitorId: string, monitor: Record<string, unknown>, state: CheckStateOfMonitor): MonitorForChecks => ({
  userId,
  monitorId,
  name: String(monitor.name),
  url: String(monitor.url),
  status: typeof monitor.status === 'string' ? monitor.status : 'active',
  slowThresholdMs: storedSlowThresholdMs(monitor),
  intervalSeconds: Number(monitor.check_interval),
  target: storedTarget(monitor),
  confirmRounds: {
    down: Number(monitor.down_after_rounds ?? DEFAULT_CONFIRM_ROUNDS.down),
    up: Number(monitor.up_after_rounds ?? DEFAULT_CONFIRM_ROUNDS.up),
  },
  ...state,
});

/** The monitor and its check state in one consistent read; null when the monitor was deleted. */
export const getMonitorForChecks = async (userId: string, monitorId: string): Promise<MonitorForChecks | null> => {
  const items = await getMonitorItems(userId, monitorId);
  return items ? toMonitorForChecks(userId, monitorId, items.monitor, toCheckStateOfMonitor(items.state)) : null;
};

/**
 * Many monitors at once (BatchGetItem, eventually consistent: see getManyMonitorItems), keyed `userId#monitorId`; a monitor that was
 * deleted maps to null. The result processor reads the rounds of a pack this way. A monitor whose
 * state part `known` gives (the state this process committed last, kept-states.ts) is read without
 * its state item: its settings are always read, its state is checked by the round's compare-and-swap.
 */
export const getMonitorsForChecks = async (
  monitors: readonly { userId: string; monitorId: string }[],
  known?: (key: string) => CheckStateOfMonitor | undefined,
): Promise<Map<string, MonitorForChecks | null>> => {
  const knownStates = new Map<string, CheckStateOfMonitor>();
  for (const { userId, monitorId } of monitors) {
    const key = monitorMapKey(userId, monitorId);
    const state = known?.(key);
    if (state) knownStates.set(key, state);
  }
  const found = await getManyMonitorItems(monitors, { withoutState: (key) => knownStates.has(key) });
  return new Map(
    monitors.map(({ userId, monitorId }) => {
      const key = monitorMapKey(userId, monitorId);
      const items = found.get(key);
      return [key, items ? toMonitorForChecks(userId, monitorId, items.monitor, knownStates.get(key) ?? toCheckStateOfMonitor(items.state)) : null];
    }),
  );
};

/** The attributes only the item's creation needs: every later round finds them there. */
const CREATION_ATTRIBUTES = ['entity', 'user_id', 'monitor_id'];

/**
 * Takes out of a round's `set` what the item already holds (docs/PERFORMANCE.md "A round writes what
 * it changes"): the compare-and-swap makes the item's state the one the round started from, so an
 * attribute set to the value read changes nothing, and a steady round's statement carries four or
 * five attributes instead of fourteen or fifteen. Values are compared as JSON: maps built in another
 * key order count as changed and are written, which is only a longer statement.
 */
const dropUnchanged = (set: Record<string, unknown>, before: Readonly<Record<string, unknown>>): void => {
  for (const name of CREATION_ATTRIBUTES) delete set[name];
  for (const [name, value] of Object.entries(set)) {
    if (name !== 'last_round' && name in before && JSON.stringify(value) === JSON.stringify(before[name])) delete set[name];
  }
};

/** The state item update of a round: the compare-and-swap on `last_round` and everything it carries. */
const stateUpdate = (
  monitor: MonitorForChecks,
  round: string,
  applied: ApplyRoundResult,
  hours: UnclosedHours,
  recent: string | null,
): ConditionalUpdate => {
  const { state } = applied;
  const set: Record<string, unknown> = {
    entity: ENTITY.monitorState,
    user_id: monitor.userId,
    monitor_id: monitor.monitorId,
    last_round: round,
    slow_streak: state.slowStreak,
    slow_since: state.slowSince,
    pending_streak: state.pendingStreak,
    pending_since: state.pendingSince,
    open_incident: state.openIncident,
    open_hour: hours.open,
    closing_hour: hours.closing,
  };
  if (recent !== null) set.recent = recent;
  if (applied.monitor) {
    set.is_up = applied.monitor.is_up;
    set.response_time = applied.monitor.response_time;
    set.last_checked = applied.monitor.last_checked;
  }
  // The first round creates the item; a state item that vanished since it was read (monitor
  // deleted) fails the check, and the caller re-reads and finds the monitor gone.
  const equal: Record<string, unknown> = {};
  const missing: string[] = [];
  if (applied.expectedLastRound === null) missing.push('last_round');
  else {
    equal.last_round = applied.expectedLastRound;
    dropUnchanged(set, toStateItemFields(monitor));
  }
  // Paused or disabled since it was read (unwatched-monitor-incidents.ts): the caller re-reads.
  missing.push('unwatched_since');
  // Paused and resumed since it was read: `last_round` is as it was, but the pause reset the state.
  if (monitor.watchedSince) equal.watched_since = monitor.watchedSince;
  else missing.push('watched_since');
  // Whether the round alerts depends on the maintenance stamp it read: a window that started or
  // ended since then (maintenance-boundaries.ts) makes the caller re-read, so no outage slips
  // between the round and the end-of-window check (docs/maintenance.md "What a window does").
  if (monitor.maintenance) {
    equal['maintenance.window_id'] = monitor.maintenance.window_id;
    equal['maintenance.starts_at'] = monitor.maintenance.starts_at;
  } else {
    missing.push('maintenance');
  }
  return { Key: monitorStateKey(monitor.userId, monitor.monitorId), set, equal, missing };
};

/** A committed round with the state part it left in the item, or why it was not committed. */
export type CommitOutcome = { outcome: 'committed'; state: CheckStateOfMonitor } | { outcome: 'stale' } | { outcome: 'owner_gone' };

/**
 * Writes a decided round. 'stale' when another processor applied a round first (or the monitor
 * was deleted): re-read and apply again. 'owner_gone' when the monitor was deleted or its account
 * is being erased: the round is dropped (ownerGuards). A committed round answers with the state
 * part it wrote (`stateAfterUpdate`), which the result processor keeps for the monitor's next round.
 * - A steady round: one conditional update of the state item, in a batch's BatchExecuteStatement
 *   where there is one (update-batches.ts), else an UpdateItem.
 * - Otherwise one transaction: the state item (same condition), the monitor's `latest_incident`,
 *   the incidents it opens, records or resolves, one outbox entry per alert, the finished hour's
 *   rollup and day items when a round is the first of a new hour (once an hour), the empty day
 *   item of a first round, and the owner's guards.
 */
export const commitRound = async (opts: {
  monitor: MonitorForChecks;
  round: string;
  applied: ApplyRoundResult;
  rollup: { hour: string; increment: RollupIncrement | null };
  /** TTL of a rollup, history or ended incident item whose data starts at the given time (the workspace's retention). */
  rollupExpiresAt: (hourStart: Date) => number;
  /** The round's answers, kept with it (round-history.ts); null or none: nothing to keep. */
  decided?: DecidedRound | null;
  /** Encoded rounds already written as a history item (putRoundHistories): not written again. */
  storedHistory?: string | null;
  /** The batch's steady state writes (update-batches.ts); absent: a steady round is one UpdateItem. */
  batch?: UpdateBatches;
}): Promise<CommitOutcome> => {
  const { monitor, applied } = opts;
  // An ended hour waits in the state item until the monitor's moment, a few minutes into the next,
  // so that 10,000 monitors do not all close theirs at :00 (docs/PERFORMANCE.md "The top of the hour").
  const hours = advanceHours(
    monitor.hours,
    { hour: opts.rollup.hour, at: Date.parse(opts.round) },
    opts.rollup.increment,
    hourCloseDelayMs(monitor.monitorId),
  );
  // The hour's items commit with the round, under its compare-and-swap: a round that loses it, or
  // whose monitor or account is gone, writes none of them.
  const firstRound = applied.expectedLastRound === null;
  const hourItems: TableTransactItem[] = [];
  if (hours.closed) {
    // The hour's response times and phases for the analytics, from its rounds (latency-items.ts):
    // read once an hour, beside the day item's; no write of its own.
    const [latency, dayHours] = await Promise.all([closedHourLatency(monitor, hours.closed, opts.round), dayHoursItem(monitor, hours.closed)]);
    const closedHour = closedHourItem(monitor.monitorId, hours.closed, opts.rollupExpiresAt(new Date(hourBucketStart(hours.closed.hour))), latency?.hour ?? null);
    hourItems.push(closedHour);
    // Its day's rollup (keys.ts 52) adds the same counters, once: the hour closes once, under the compare-and-swap.
    hourItems.push(...dayRollupOfClosedHour(monitor.monitorId, closedHour, latency?.dayHistograms || undefined));
    hourItems.push(...dayHours);
  } else if (firstRound) {
    hourItems.push(firstDayHoursItem(monitor));
  }
  // Written before the state, under a key of its own rounds: a retry after a lost compare-and-swap
  // writes the same item again, and whoever applied the round instead flushed the same rounds.
  let recent: string | null = null;
  if (opts.decided?.results.length) {
    const next = appendRecentRound(monitor.recent, opts.decided);
    if (next.flushed && next.flushed !== opts.storedHistory) {
      await putRoundHistory({ monitorId: monitor.monitorId, rounds: next.flushed, expiresAt: opts.rollupExpiresAt(new Date(opts.round)) });
    }
    recent = next.recent;
  }
  const update = stateUpdate(monitor, opts.round, applied, hours, recent);
  const latestIncident = applied.monitor?.latest_incident;

  if (!applied.effects.length && !latestIncident && !hourItems.length) {
    // With the batch's other steady rounds where there is a batch and the item exists (a statement
    // cannot create it: docs/PERFORMANCE.md "Steady rounds in batches").
    const committed = opts.batch && !firstRound ? await opts.batch.update(update) : await writeIfAllowed(table.update(asUpdateItem(update)));
    return committed ? { outcome: 'committed', state: stateAfterUpdate(monitor, update.set) } : { outcome: 'stale' };
  }

  const items: TableTransactItem[] = [{ Update: asUpdateItem(update) }];
  if (latestIncident) {
    items.push({
      Update: {
        Key: monitorKey(monitor.userId, monitor.monitorId),
        UpdateExpression: 'SET latest_incident = :latest',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeValues: {
          ':latest': { ...latestIncident, monitor_name: monitor.name, monitor_url: monitor.url },
        },
      },
    });
  }
  for (const effect of applied.effects) {
    if (effect.kind === 'incident_opened' || effect.kind === 'up_recorded') items.push(incidentItem(monitor, effect.incident, opts.rollupExpiresAt));
    if (effect.kind === 'incident_resolved') {
      items.push({
        Update: {
          Key: incidentKey(monitor.userId, effect.incidentId),
          // The state's condition already makes this happen once per round; no condition on the
          // incident's status, so one resolved meanwhile (by an operator) cannot fail the round forever.
          // Its TTL starts now: the workspace's retention from when it ended (docs/product-rules.md "Retention").
          UpdateExpression: 'SET #status = :resolved, resolved_at = :at, expires_at = :expires',
          ConditionExpression: 'attribute_exists(PK)',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: { ':resolved': 'resolved', ':at': effect.resolvedAt, ':expires': opts.rollupExpiresAt(new Date(effect.resolvedAt)) },
        },
      });
    }
    if (effect.kind === 'alert') items.push(outboxItem(monitor, effect.alert, regionsOfRound(opts.decided)));
  }
  items.push(...hourItems);
  const guardsAt = items.length;
  // Every transaction writes into the owner's partition (an incident, the day item): an hour that
  // closes in a steady round too, so the guards go on whenever there is a transaction. Without them
  // such a round, committed while the erasure runs, puts back a day item the erasure already
  // deleted, because the state item its compare-and-swap needs is still there (docs/security.md "Erasure").
  items.push(...ownerGuards(monitor, Boolean(latestIncident)));

  try {
    await table.transact(items);
    return { outcome: 'committed', state: stateAfterUpdate(monitor, update.set) };
  } catch (error) {
    if (conditionFailedAt(error, guardsAt) || conditionFailedAt(error, guardsAt + 1)) return { outcome: 'owner_gone' };
    if (conditionFailedAt(error, 0)) return { outcome: 'stale' };
    // The monitor item is gone (deleted meanwhile): the re-read finds out.
    if (latestIncident && conditionFailedAt(error, 1)) return { outcome: 'stale' };
    // Another processor holding the same round may be mid-write: treat it like a stale read.
    if (cancellationReasons(error)?.some((reason) => reason === 'TransactionConflict')) return { outcome: 'stale' };
    throw error;
  }
};
