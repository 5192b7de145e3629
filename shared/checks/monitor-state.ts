import type { IncidentUpdate } from '../incidents/updates.js';
import { isNewerRound, type RoundId } from './check-round.js';
import { DEFAULT_SLOW_THRESHOLD_MS } from './dispatch.js';
import {
  downIncident,
  recoveredIncident,
  slowIncident,
  slowResolvedText,
  type IncidentAlertType,
  type IncidentDetails,
  type IncidentText,
} from './incident-details.js';
import type { MonitorType } from '../monitors/monitor-types.js';
import type { QuorumDecision } from './quorum.js';
import { incidentId, transitionId, type TransitionEvent } from './transition-ids.js';

/**
 * The monitor state machine: one decided round in, the new state and the effects to write out.
 *
 * Transitions, each with exactly one `alert` effect:
 * - went down (up or never checked -> down): opens a `down` incident. The first round ever being
 *   down alerts too: the owner just added a site that does not work. First round up: no incident,
 *   no alert (nothing recovered).
 * - recovered (down -> up): resolves the `down` incident and records an `up` incident saying how
 *   long the site was down.
 * - slow (SLOW_ROUNDS_TO_OPEN up rounds in a row slower than the threshold): opens a `slow`
 *   incident. One slow answer is not a trend: a single slow round is a busy moment or a cold
 *   cache, and alerting on it would cry wolf. Three in a row is slowness that lasted at least two
 *   intervals (10 minutes on the free plan's 5-minute checks, 1 minute at 30-second checks): long
 *   enough to matter, short enough to still be news. Two would still fire on a short traffic spike.
 * - slow resolved (the first up round back under the threshold): resolves the `slow` incident.
 * Down supersedes slow: going down resolves an open slow incident in the same step, and that
 * transition's one alert is the down alert. A round without votes (`no_quorum`) only moves
 * `lastRound` on: it neither breaks nor extends a slow streak, and is never "up".
 *
 * Storage (DynamoDB, monitor-check-state-repository.ts): the monitor's state item holds `is_up`,
 * `last_round`, `slow_streak`, `slow_since`, `open_incident` next to the displayed fields of
 * `MonitorPatch` and the open hour's rollup counters. The write is a compare-and-swap on the round:
 *   Update state     SET ... last_round = :round
 *                    IF last_round = :expectedLastRound   (attribute_not_exists(last_round) when null)
 * alone for a round without effects; for one with effects, in one TransactWriteItems with
 *   Update monitor   SET latest_incident                   (when the round created an incident)
 *   Put incident     IF attribute_not_exists(PK)           (incident_opened, up_recorded)
 *   Update incident  SET status = resolved, resolved_at     (incident_resolved; no condition of its
 *                                                           own, the state's makes it happen once)
 *   Put outbox       IF attribute_not_exists(PK)           (alert, keyed by transitionId)
 * `applyRound` only applies rounds newer than `lastRound` (so `last_round < :round` holds), but
 * the condition is on the `lastRound` that was READ, not merely `< :round`: two processors holding
 * rounds R1 < R2 may both read the state before either writes; if R1 commits first, R2's result was
 * computed from a stale state and must be recomputed (re-read, apply again), or both would open
 * the same outage. On a failed condition: re-read and re-apply; a duplicate or late round then
 * comes back with `applied: false` and nothing is written.
 */
export const SLOW_ROUNDS_TO_OPEN = 3;

/**
 * The owner's alert rules for going down and coming back (docs/alerts.md "Alert rules"): the
 * monitor is down (incident, alert) only after `down` failing rounds in a row, and up again only
 * after `up` good rounds in a row. Default 1 and 1: the regions' quorum already confirms each round.
 * Until a streak is long enough the monitor keeps its confirmed state (a monitor never confirmed
 * shows pending); the outage is dated from the streak's first round, and so is the recovery.
 */
export interface ConfirmRounds {
  down: number;
  up: number;
}

export const DEFAULT_CONFIRM_ROUNDS: ConfirmRounds = { down: 1, up: 1 };

export type IncidentStatus = 'open' | 'resolved';

export interface OpenIncident {
  id: string;
  type: 'down' | 'slow';
  startedAt: string;
}

export interface MonitorCheckState {
  /** Null until the first round with votes. */
  isUp: boolean | null;
  /** The newest round applied: the compare-and-swap field. */
  lastRound: RoundId | null;
  /** Up rounds in a row slower than the threshold. */
  slowStreak: number;
  /** When the current slow streak began (the slow incident's start). */
  slowSince: string | null;
  openIncident: OpenIncident | null;
  /**
   * Rounds in a row whose verdict disagrees with the confirmed state (down while up or never
   * checked; up while down), not yet enough to change it (ConfirmRounds); 0 when none.
   */
  pendingStreak: number;
  /** When that streak began. */
  pendingSince: string | null;
}

export const INITIAL_MONITOR_STATE: MonitorCheckState = {
  isUp: null,
  lastRound: null,
  slowStreak: 0,
  slowSince: null,
  openIncident: null,
  pendingStreak: 0,
  pendingSince: null,
};

/** An incident as stored and returned by the API, less the monitor's name and URL (the caller adds them). */
export interface IncidentRecord {
  id: string;
  monitor_id: string;
  alert_type: IncidentAlertType;
  status: IncidentStatus;
  message: string;
  started_at: string;
  resolved_at: string | null;
  details: IncidentDetails;
  /** On a recovery (`up`): when the outage it ends began, so the card can say how long it lasted. */
  outage_started_at?: string | null;
  /** When someone took the open incident on, and who (docs/alerts.md "Acknowledgement"); absent: nobody yet. */
  acknowledged_at?: string | null;
  acknowledged_by?: string | null;
  /** What the owner told their users, oldest first (docs/status-pages.md "Incident updates"); absent: nothing yet. */
  updates?: IncidentUpdate[];
  /**
   * The maintenance window the monitor was in when the checks recorded it, and when that run of the
   * window was to end (docs/status-pages.md "Maintenance on the page"): the window explains it, so a
   * status page does not list it while it stays inside; absent: none.
   */
  maintenance_window_id?: string;
  maintenance_until?: string;
}

export interface AlertEvent {
  /** The outbox key: one entry per transition. */
  transitionId: string;
  event: TransitionEvent;
  monitorId: string;
  round: RoundId;
  incidentId: string;
  title: string;
  message: string;
  details: IncidentDetails | null;
  occurredAt: string;
  /**
   * When what the alert is about began: the outage (down, up) or the slow spell (slow,
   * slow_resolved); null when unknown. With `occurredAt` it says how long it lasted.
   */
  since: string | null;
}

export type MonitorEffect =
  | { kind: 'incident_opened'; incident: IncidentRecord }
  | { kind: 'incident_resolved'; incidentId: string; alertType: 'down' | 'slow'; resolvedAt: string }
  | { kind: 'up_recorded'; incident: IncidentRecord }
  | { kind: 'alert'; alert: AlertEvent };

/** The displayed monitor fields a round with votes sets (API names; response time in seconds). */
export interface MonitorPatch {
  /** The confirmed state: null while a never-confirmed monitor's first failing streak is too short. */
  is_up: boolean | null;
  response_time: number | null;
  last_checked: string;
  /** Only when the round created an incident. */
  latest_incident?: IncidentRecord;
}

export interface RoundInput {
  monitorId: string;
  round: RoundId;
  decision: QuorumDecision;
  slowThresholdMs?: number;
  /** What the incidents and alerts speak of (incident-details.ts `incidentTitle`); absent: http. */
  monitorType?: MonitorType;
  /** Rounds in a row that confirm down and up (absent: DEFAULT_CONFIRM_ROUNDS). */
  confirmRounds?: ConfirmRounds;
  /**
   * The monitor is in a maintenance window (docs/maintenance.md "What a window does"): the round
   * still moves the state and records incidents, but alerts nothing, except the recovery of
   * `alertedBeforeMute`.
   */
  muted?: boolean;
  /**
   * The outage the owner was alerted about before the window began (the stamp's
   * `down_incident_at_start`): its recovery still alerts, so whoever was told "down" (a person, an
   * on-call tool) is told it is over, as muting is for news the window itself causes.
   */
  alertedBeforeMute?: string | null;
  /** The window run `muted` is for: incidents recorded in it carry its id and end (`maintenance_window_id`, `maintenance_until`). */
  maintenanceWindow?: { window_id: string; until: string } | null;
}

export interface ApplyRoundResult {
  /** False for a duplicate or late round: write nothing. */
  applied: boolean;
  /** The `last_round` the write must still find (null: the attribute must not exist). */
  expectedLastRound: RoundId | null;
  state: MonitorCheckState;
  /** Null when the round had no votes: the displayed fields stay as they were. */
  monitor: MonitorPatch | null;
  effects: MonitorEffect[];
}

const secondsBetween = (from: string, to: string): number => Math.max(0, (Date.parse(to) - Date.parse(from)) / 1000);

const alertFor = (
  input: RoundInput,
  event: TransitionEvent,
  id: string,
  at: string,
  since: string | null,
  text: Pick<IncidentText, 'title' | 'message'> & { details: IncidentDetails | null },
): MonitorEffect => ({
  kind: 'alert',
  alert: {
    transitionId: transitionId(input.monitorId, input.round, event),
    event,
    monitorId: input.monitorId,
    round: input.round,
    incidentId: id,
    title: text.title,
    message: text.message,
    details: text.details,
    occurredAt: at,
    since,
  },
});

const newIncident = (
  input: RoundInput,
  type: IncidentAlertType,
  text: IncidentText,
  startedAt: string,
  resolvedAt: string | null,
): IncidentRecord => ({
  id: incidentId(input.monitorId, input.round, type),
  monitor_id: input.monitorId,
  alert_type: type,
  status: resolvedAt ? 'resolved' : 'open',
  message: text.message,
  started_at: startedAt,
  resolved_at: resolvedAt,
  details: text.details,
});

const resolve = (open: OpenIncident, at: string): MonitorEffect => ({
  kind: 'incident_resolved',
  incidentId: open.id,
  alertType: open.type,
  resolvedAt: at,
});

interface Step {
  state: MonitorCheckState;
  effects: MonitorEffect[];
  /** The incident this round created, if any (the monitor's `latest_incident`). */
  created?: IncidentRecord;
}

const downRound = (state: MonitorCheckState, input: RoundInput, at: string, since: string = at): Step => {
  // The slow count ends here: it is about how fast the site answers, and it no longer does.
  const next: MonitorCheckState = {
    ...state,
    lastRound: input.round,
    isUp: false,
    slowStreak: 0,
    slowSince: null,
    pendingStreak: 0,
    pendingSince: null,
  };
  if (state.isUp === false) return { state: next, effects: [] };
  const effects: MonitorEffect[] = [];
  // Down supersedes slow: the slow incident ends without an alert of its own.
  if (state.openIncident) effects.push(resolve(state.openIncident, at));
  const failure = input.decision.failure ?? { errorCategory: 'unknown', statusCode: null, responseTimeMs: null };
  const text = downIncident(failure, input.monitorType);
  const created = newIncident(input, 'down', text, since, null);
  effects.push({ kind: 'incident_opened', incident: created }, alertFor(input, 'down', created.id, at, since, text));
  return { state: { ...next, openIncident: { id: created.id, type: 'down', startedAt: since } }, effects, created };
};

const upRound = (state: MonitorCheckState, input: RoundInput, at: string, backSince: string = at): Step => {
  const { decision } = input;
  const threshold = input.slowThresholdMs ?? DEFAULT_SLOW_THRESHOLD_MS;
  const slow = decision.responseTimeMs !== null && decision.responseTimeMs > threshold;
  // A down round reset the streak, so a recovering round that is slow counts as the first.
  const next: MonitorCheckState = {
    ...state,
    lastRound: input.round,
    isUp: true,
    slowStreak: slow ? state.slowStreak + 1 : 0,
    slowSince: slow ? (state.slowSince ?? at) : null,
    pendingStreak: 0,
    pendingSince: null,
  };
  const open = state.openIncident;

  if (state.isUp === false) {
    const downSince = open?.type === 'down' ? open.startedAt : null;
    const text = recoveredIncident({
      responseTimeMs: decision.responseTimeMs,
      statusCode: decision.statusCode,
      downtimeSeconds: downSince === null ? null : secondsBetween(downSince, backSince),
      monitorType: input.monitorType,
    });
    const created = { ...newIncident(input, 'up', text, backSince, backSince), outage_started_at: downSince };
    const effects: MonitorEffect[] = open ? [resolve(open, backSince)] : [];
    // The recovery alert leads to the outage it ends (docs/product-rules.md "Incidents and their texts"):
    // the down mail and the recovery mail open the same incident page, and PagerDuty resolves what it opened.
    const outageId = open?.type === 'down' ? open.id : created.id;
    effects.push({ kind: 'up_recorded', incident: created }, alertFor(input, 'up', outageId, at, downSince, text));
    return { state: { ...next, openIncident: null }, effects, created };
  }

  if (!slow && open?.type === 'slow') {
    const text = slowResolvedText(secondsBetween(open.startedAt, at), input.monitorType);
    return {
      state: { ...next, openIncident: null },
      effects: [resolve(open, at), alertFor(input, 'slow_resolved', open.id, at, open.startedAt, { ...text, details: null })],
    };
  }

  if (slow && next.slowStreak >= SLOW_ROUNDS_TO_OPEN && open === null) {
    const text = slowIncident({
      responseTimeMs: decision.responseTimeMs!,
      slowThresholdMs: threshold,
      statusCode: decision.statusCode,
      ...(input.monitorType ? { monitorType: input.monitorType } : {}),
    });
    const startedAt = next.slowSince ?? at;
    const created = newIncident(input, 'slow', text, startedAt, null);
    return {
      state: { ...next, openIncident: { id: created.id, type: 'slow', startedAt } },
      effects: [{ kind: 'incident_opened', incident: created }, alertFor(input, 'slow', created.id, at, startedAt, text)],
      created,
    };
  }

  return { state: next, effects: [] };
};

/**
 * A round whose verdict disagrees with the confirmed state counts toward the owner's ConfirmRounds;
 * only a long enough streak changes the state (a down round while never checked counts as well,
 * but a first up round confirms at once: nothing recovered). A streak too short changes nothing
 * but the round and the streak; an up round of it is not timed for slowness either.
 */
const confirmedStep = (state: MonitorCheckState, input: RoundInput, at: string): Step => {
  const rules = input.confirmRounds ?? DEFAULT_CONFIRM_ROUNDS;
  const down = input.decision.verdict === 'down';
  const disagrees = down ? state.isUp !== false : state.isUp === false;
  if (!disagrees) return down ? downRound(state, input, at) : upRound(state, input, at);
  const streak = state.pendingStreak + 1;
  const since = state.pendingSince ?? at;
  if (streak >= (down ? rules.down : rules.up)) return down ? downRound(state, input, at, since) : upRound(state, input, at, since);
  return {
    state: { ...state, lastRound: input.round, pendingStreak: streak, pendingSince: since, ...(down ? { slowStreak: 0, slowSince: null } : {}) },
    effects: [],
  };
};

/** Inside a window every alert is held back, except the recovery of an outage alerted before it began. */
const isMutedAlert = (effect: MonitorEffect, alertedBeforeMute: string | null): boolean =>
  effect.kind === 'alert' && !(effect.alert.event === 'up' && alertedBeforeMute !== null && effect.alert.incidentId === alertedBeforeMute);

/** Incidents a round records inside a maintenance window carry the window's id and end (IncidentRecord `maintenance_window_id`). */
const recordedInWindow = (step: Step, window: { window_id: string; until: string }): Step => {
  const tag = (incident: IncidentRecord): IncidentRecord => ({ ...incident, maintenance_window_id: window.window_id, maintenance_until: window.until });
  return {
    ...step,
    effects: step.effects.map((effect) => (effect.kind === 'incident_opened' || effect.kind === 'up_recorded' ? { ...effect, incident: tag(effect.incident) } : effect)),
    ...(step.created ? { created: tag(step.created) } : {}),
  };
};

/** Apply one decided round to the monitor's state (see the header for the rules and the write). */
export const applyRound = (state: MonitorCheckState, input: RoundInput): ApplyRoundResult => {
  const expectedLastRound = state.lastRound;
  if (!isNewerRound(input.round, state.lastRound)) {
    return { applied: false, expectedLastRound, state, monitor: null, effects: [] };
  }
  const { decision } = input;
  const at = decision.checkedAt;
  if (decision.verdict === 'no_quorum' || at === null) {
    return { applied: true, expectedLastRound, state: { ...state, lastRound: input.round }, monitor: null, effects: [] };
  }

  const confirmed = confirmedStep(state, input, at);
  const step = input.muted && input.maintenanceWindow ? recordedInWindow(confirmed, input.maintenanceWindow) : confirmed;
  const effects = input.muted ? step.effects.filter((effect) => !isMutedAlert(effect, input.alertedBeforeMute ?? null)) : step.effects;
  const isUp = decision.verdict === 'up';
  const monitor: MonitorPatch = {
    is_up: step.state.isUp,
    response_time: isUp && decision.responseTimeMs !== null ? decision.responseTimeMs / 1000 : null,
    last_checked: at,
    ...(step.created ? { latest_incident: step.created } : {}),
  };
  return { applied: true, expectedLastRound, state: step.state, monitor, effects };
};
