import { describe, expect, it } from 'vitest';
import type { CheckResult } from '../../../shared/checks/check-result.js';
import {
  INITIAL_MONITOR_STATE,
  SLOW_ROUNDS_TO_OPEN,
  applyRound,
  type ApplyRoundResult,
  type MonitorCheckState,
  type MonitorEffect,
} from '../../../shared/checks/monitor-state.js';
import { decideRound } from '../../../shared/checks/quorum.js';
import { blocked, down, result, up } from './check-fixtures.js';

const START = Date.parse('2026-03-02T10:00:00.000Z');
/** The i-th 5-minute round, checked 5 s after its slot starts. */
const roundAt = (i: number) => new Date(START + i * 300_000).toISOString();
const checkedAt = (i: number) => new Date(START + i * 300_000 + 5_000).toISOString();

const answers = (i: number, results: CheckResult[]): CheckResult[] =>
  results.map((r) => ({ ...r, round: roundAt(i), checkedAt: checkedAt(i) }));

const apply = (state: MonitorCheckState, i: number, results: CheckResult[], slowThresholdMs?: number) =>
  applyRound(state, { monitorId: 'mon-1', round: roundAt(i), decision: decideRound(answers(i, results)), slowThresholdMs });

/** Applies one round per entry (round 0, 1, 2...) and collects every effect. */
const run = (rounds: CheckResult[][], from: MonitorCheckState = INITIAL_MONITOR_STATE, slowThresholdMs?: number) => {
  let state = from;
  const steps: ApplyRoundResult[] = [];
  rounds.forEach((results, i) => {
    const step = apply(state, i, results, slowThresholdMs);
    steps.push(step);
    state = step.state;
  });
  return { state, steps, effects: steps.flatMap((step) => step.effects) };
};

/** Effects as short labels: `opened:down`, `resolved:slow`, `up_recorded`, `alert:up`... */
const kinds = (effects: MonitorEffect[]) =>
  effects.map((e) => {
    if (e.kind === 'alert') return `alert:${e.alert.event}`;
    if (e.kind === 'incident_resolved') return `resolved:${e.alertType}`;
    if (e.kind === 'incident_opened') return `opened:${e.incident.alert_type}`;
    return e.kind;
  });

const allUp = (ms = 200) => [up('ap-south-1', ms), up('eu-west-1', ms), up('us-east-1', ms)];
const allDown = () => [down('ap-south-1'), down('eu-west-1'), down('us-east-1')];
const alerts = (effects: MonitorEffect[]) => effects.filter((e) => e.kind === 'alert');

describe('applyRound up and down', () => {
  it('turns up -> down -> up into one opened and one resolved incident and two alerts', () => {
    const { effects, state } = run([allUp(), allDown(), allDown(), allUp()]);
    expect(kinds(effects)).toEqual(['opened:down', 'alert:down', 'resolved:down', 'up_recorded', 'alert:up']);
    expect(state).toMatchObject({ isUp: true, openIncident: null, lastRound: roundAt(3) });
  });

  it('resolves the down incident it opened and says how long the site was down', () => {
    const { steps } = run([allUp(), allDown(), allDown(), allUp()]);
    const opened = steps[1]!.effects.find((e) => e.kind === 'incident_opened');
    const resolved = steps[3]!.effects.find((e) => e.kind === 'incident_resolved');
    const recorded = steps[3]!.effects.find((e) => e.kind === 'up_recorded');
    if (opened?.kind !== 'incident_opened' || resolved?.kind !== 'incident_resolved' || recorded?.kind !== 'up_recorded') {
      throw new Error('missing effects');
    }
    expect(resolved.incidentId).toBe(opened.incident.id);
    expect(resolved.resolvedAt).toBe(checkedAt(3));
    expect(opened.incident).toMatchObject({ alert_type: 'down', status: 'open', started_at: checkedAt(1), resolved_at: null });
    expect(recorded.incident).toMatchObject({ alert_type: 'up', status: 'resolved', started_at: checkedAt(3), outage_started_at: checkedAt(1) });
    expect(recorded.incident.message).toBe('Your website is back up after 10 minutes of downtime.');
  });

  it('points the recovery alert at the outage it ends, so the down and the recovery mail open one incident page', () => {
    const { steps } = run([allUp(), allDown(), allDown(), allUp()]);
    const [downAlert] = alerts(steps[1]!.effects);
    const [upAlert] = alerts(steps[3]!.effects);
    if (downAlert?.kind !== 'alert' || upAlert?.kind !== 'alert') throw new Error('missing alerts');
    expect(upAlert.alert.event).toBe('up');
    expect(upAlert.alert.incidentId).toBe(downAlert.alert.incidentId);
  });

  it('gives each transition its own outbox key', () => {
    const ids = alerts(run([allUp(), allDown(), allUp(), allDown()]).effects).map((e) => e.kind === 'alert' && e.alert.transitionId);
    expect(ids).toEqual([`mon-1#${roundAt(1)}#down`, `mon-1#${roundAt(2)}#up`, `mon-1#${roundAt(3)}#down`]);
  });

  it('opens nothing more while the site stays down', () => {
    const { steps } = run([allDown(), allDown(), allDown()]);
    expect(steps.map((s) => s.effects.length)).toEqual([2, 0, 0]);
  });

  it('describes the down incident from the representative failure', () => {
    const { effects } = run([allUp(), [down('ap-south-1', 'http_5xx', 503), down('eu-west-1', 'http_5xx', 503), up('us-east-1')]]);
    const opened = effects.find((e) => e.kind === 'incident_opened');
    expect(opened?.kind === 'incident_opened' && opened.incident.details).toMatchObject({
      error_category: 'http_5xx',
      status_code: 503,
      user_impact: 'HIGH',
      user_accessible: false,
    });
  });

  it('updates the displayed monitor fields, response time in seconds', () => {
    const step = run([allUp(1234)]).steps[0]!;
    expect(step.monitor).toEqual({ is_up: true, response_time: 1.234, last_checked: checkedAt(0) });
    const downStep = run([allDown()]).steps[0]!;
    expect(downStep.monitor).toMatchObject({ is_up: false, response_time: null, last_checked: checkedAt(0) });
    expect(downStep.monitor?.latest_incident?.alert_type).toBe('down');
  });
});

describe('applyRound on the first round', () => {
  it('records a first round up without an incident or an alert (nothing recovered)', () => {
    const step = run([allUp()]).steps[0]!;
    expect(step.applied).toBe(true);
    expect(step.effects).toEqual([]);
    expect(step.state.isUp).toBe(true);
  });

  it('opens a down incident and alerts when the first round is down', () => {
    expect(kinds(run([allDown()]).effects)).toEqual(['opened:down', 'alert:down']);
  });
});

describe('applyRound with duplicate and late rounds', () => {
  it('does nothing when the same round is applied twice', () => {
    const first = apply(INITIAL_MONITOR_STATE, 1, allDown());
    const again = apply(first.state, 1, allDown());
    expect(again).toEqual({ applied: false, expectedLastRound: roundAt(1), state: first.state, monitor: null, effects: [] });
  });

  it('ignores a round older than the last one applied', () => {
    const current = run([allUp(), allUp(), allUp()]).state;
    const late = apply(current, 1, allDown());
    expect(late.applied).toBe(false);
    expect(late.effects).toEqual([]);
    expect(late.state).toBe(current);
  });

  it('names the same incident and outbox entry when a transition is replayed from the same state', () => {
    const state = run([allUp()]).state;
    expect(apply(state, 1, allDown()).effects).toEqual(apply(state, 1, allDown()).effects);
  });

  it('asks the write to find the last round it read', () => {
    const state = run([allUp(), allUp()]).state;
    expect(apply(state, 2, allUp()).expectedLastRound).toBe(roundAt(1));
    expect(apply(INITIAL_MONITOR_STATE, 0, allUp()).expectedLastRound).toBeNull();
  });
});

describe('applyRound and the quorum', () => {
  it('keeps the monitor up when one region of three fails', () => {
    const { effects, state } = run([allUp(), [down('ap-south-1'), up('eu-west-1'), up('us-east-1')]]);
    expect(effects).toEqual([]);
    expect(state.isUp).toBe(true);
  });

  it('does not flap when a different single region fails every round', () => {
    const regions = ['ap-south-1', 'eu-west-1', 'us-east-1'];
    const rounds = Array.from({ length: 12 }, (_, i) => regions.map((region, r) => (r === i % 3 ? down(region) : up(region))));
    const { effects, steps } = run(rounds);
    expect(effects).toEqual([]);
    expect(steps.every((step) => step.state.isUp === true)).toBe(true);
  });

  it('keeps the monitor up when a region is silent (no vote) and the others answer up', () => {
    const { effects, state } = run([allUp(), [up('eu-west-1'), up('us-east-1')], [up('us-east-1')]]);
    expect(effects).toEqual([]);
    expect(state.isUp).toBe(true);
  });

  it('changes nothing on a round without votes, but closes that round', () => {
    const before = run([allDown()]).state;
    const step = apply(before, 1, [blocked('eu-west-1')]);
    expect(step.applied).toBe(true);
    expect(step.effects).toEqual([]);
    expect(step.monitor).toBeNull();
    expect(step.state).toEqual({ ...before, lastRound: roundAt(1) });
  });
});

describe('applyRound and slow responses', () => {
  const slow = () => allUp(6000);

  it(`opens a slow incident after ${SLOW_ROUNDS_TO_OPEN} slow rounds in a row, dated from the first`, () => {
    const { steps } = run([allUp(), slow(), slow(), slow()]);
    expect(steps.slice(0, 3).flatMap((s) => s.effects)).toEqual([]);
    expect(kinds(steps[3]!.effects)).toEqual(['opened:slow', 'alert:slow']);
    const opened = steps[3]!.effects[0]!;
    expect(opened.kind === 'incident_opened' && opened.incident).toMatchObject({
      alert_type: 'slow',
      status: 'open',
      started_at: checkedAt(1),
    });
  });

  it('opens one slow incident however long the slowness lasts', () => {
    expect(kinds(run([slow(), slow(), slow(), slow(), slow(), slow()]).effects)).toEqual(['opened:slow', 'alert:slow']);
  });

  it('starts counting again after a fast round', () => {
    expect(run([slow(), slow(), allUp(), slow(), slow()]).effects).toEqual([]);
  });

  it('neither breaks nor extends a slow streak on a round without votes', () => {
    const { steps } = run([slow(), slow(), [], slow()]);
    expect(steps[2]!.state.slowStreak).toBe(2);
    expect(kinds(steps[3]!.effects)).toEqual(['opened:slow', 'alert:slow']);
  });

  it('resolves the slow incident with one alert when responses are back under the threshold', () => {
    const { steps, state } = run([slow(), slow(), slow(), allUp()]);
    expect(kinds(steps[3]!.effects)).toEqual(['resolved:slow', 'alert:slow_resolved']);
    const alert = steps[3]!.effects[1]!;
    expect(alert.kind === 'alert' && alert.alert.message).toBe(
      'Your website is responding at normal speed again after being slow for 15 minutes.',
    );
    expect(state.openIncident).toBeNull();
  });

  it('says in each alert since when: the outage for down and recovered, the slow spell for slow and its end', () => {
    const sinceOf = (effects: MonitorEffect[]) =>
      alerts(effects).map((e) => e.kind === 'alert' && [e.alert.event, e.alert.since, e.alert.occurredAt]);
    expect(sinceOf(run([allUp(), allDown(), allDown(), allUp()]).effects)).toEqual([
      ['down', checkedAt(1), checkedAt(1)],
      ['up', checkedAt(1), checkedAt(3)],
    ]);
    expect(sinceOf(run([slow(), slow(), slow(), allUp()]).effects)).toEqual([
      ['slow', checkedAt(0), checkedAt(2)],
      ['slow_resolved', checkedAt(0), checkedAt(3)],
    ]);
  });

  it('lets a down incident supersede a slow one, with only the down alert', () => {
    const { steps, state } = run([slow(), slow(), slow(), allDown()]);
    expect(kinds(steps[3]!.effects)).toEqual(['resolved:slow', 'opened:down', 'alert:down']);
    expect(state.openIncident?.type).toBe('down');
    expect(state.slowStreak).toBe(0);
  });

  it('does not count an answer exactly at the threshold as slow', () => {
    expect(run([allUp(5000), allUp(5000), allUp(5000)]).effects).toEqual([]);
  });

  it('uses the 5 s default threshold unless the monitor sets its own', () => {
    expect(run([allUp(3000), allUp(3000), allUp(3000)]).effects).toEqual([]);
    expect(kinds(run([allUp(3000), allUp(3000), allUp(3000)], INITIAL_MONITOR_STATE, 2000).effects)).toEqual([
      'opened:slow',
      'alert:slow',
    ]);
  });

  it('judges slowness by the median region, so one slow region is not a slow site', () => {
    const oneSlow = () => [up('ap-south-1', 9000), up('eu-west-1', 300), up('us-east-1', 300)];
    expect(run([oneSlow(), oneSlow(), oneSlow()]).effects).toEqual([]);
  });

  it('starts a fresh slow count on recovery', () => {
    const { steps } = run([allDown(), slow(), slow(), slow()]);
    expect(steps[1]!.state.slowStreak).toBe(1);
    expect(kinds(steps[3]!.effects)).toEqual(['opened:slow', 'alert:slow']);
  });

  it('counts a degraded answer as up and times it like any other', () => {
    const degraded = () => [result('a', 'degraded', { ms: 7000 }), result('b', 'degraded', { ms: 7000 })];
    const { state, effects } = run([degraded(), degraded(), degraded()]);
    expect(state.isUp).toBe(true);
    expect(kinds(effects)).toEqual(['opened:slow', 'alert:slow']);
  });
});

describe('applyRound alert count', () => {
  it('emits exactly one alert per transition over a long mixed history', () => {
    const slow = () => allUp(6000);
    const { steps } = run([allUp(), allDown(), allUp(), slow(), slow(), slow(), allUp(), slow(), slow(), slow(), allDown(), allUp()]);
    // Every step that changes anything is one transition, with exactly one alert.
    for (const step of steps) expect(alerts(step.effects).length).toBe(step.effects.length > 0 ? 1 : 0);
    expect(alerts(steps.flatMap((s) => s.effects)).map((e) => e.kind === 'alert' && e.alert.event)).toEqual([
      'down',
      'up',
      'slow',
      'slow_resolved',
      'slow',
      'down',
      'up',
    ]);
  });
});

describe('a heartbeat monitor\'s transitions (docs/checks.md "Heartbeat monitors")', () => {
  it('titles its incidents and alerts by heartbeats; without a type a monitor is http', () => {
    const missed = down('home', 'heartbeat_missing');
    const ping = up('home', 0);
    const step = (state: MonitorCheckState, i: number, results: CheckResult[], monitorType?: 'heartbeat') =>
      applyRound(state, { monitorId: 'mon-1', round: roundAt(i), decision: decideRound(answers(i, results)), ...(monitorType ? { monitorType } : {}) });
    const first = step(INITIAL_MONITOR_STATE, 0, [ping], 'heartbeat');
    const wentDown = step(first.state, 1, [missed], 'heartbeat');
    const downAlert = alerts(wentDown.effects)[0];
    expect(downAlert?.kind === 'alert' && downAlert.alert.title).toBe('Heartbeat Missed');
    expect(downAlert?.kind === 'alert' && downAlert.alert.message).toBe('No heartbeat received: your job did not check in on time.');
    const back = step(wentDown.state, 2, [ping], 'heartbeat');
    const upAlert = alerts(back.effects)[0];
    expect(upAlert?.kind === 'alert' && upAlert.alert.title).toBe('Heartbeat Received Again');
    expect(upAlert?.kind === 'alert' && upAlert.alert.message).toBe('Your job is checking in again after 5 minutes without a good heartbeat.');

    const httpDown = step(first.state, 1, [missed]);
    const httpAlert = alerts(httpDown.effects)[0];
    expect(httpAlert?.kind === 'alert' && httpAlert.alert.title).toBe('Website Down');
  });
});
