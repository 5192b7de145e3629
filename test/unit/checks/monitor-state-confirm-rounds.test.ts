import { describe, expect, it } from 'vitest';
import type { CheckResult } from '../../../shared/checks/check-result.js';
import { INITIAL_MONITOR_STATE, applyRound, type ApplyRoundResult, type ConfirmRounds, type MonitorCheckState } from '../../../shared/checks/monitor-state.js';
import { decideRound } from '../../../shared/checks/quorum.js';
import { down, up } from './check-fixtures.js';

/** The owner's alert rules "alert after N failing rounds, recover after M good rounds" (docs/alerts.md "Alert rules"). */
const START = Date.parse('2026-03-02T10:00:00.000Z');
const roundAt = (i: number) => new Date(START + i * 60_000).toISOString();
const checkedAt = (i: number) => new Date(START + i * 60_000 + 5_000).toISOString();
const allUp = () => [up('ap-south-1', 200), up('eu-west-1', 200), up('us-east-1', 200)];
const allDown = () => [down('ap-south-1'), down('eu-west-1'), down('us-east-1')];

const run = (rounds: ('up' | 'down')[], confirmRounds: ConfirmRounds, from: MonitorCheckState = INITIAL_MONITOR_STATE) => {
  let state = from;
  const steps: ApplyRoundResult[] = [];
  rounds.forEach((verdict, i) => {
    const results: CheckResult[] = (verdict === 'up' ? allUp() : allDown()).map((r) => ({ ...r, round: roundAt(i), checkedAt: checkedAt(i) }));
    const step = applyRound(state, { monitorId: 'mon-1', round: roundAt(i), decision: decideRound(results), confirmRounds });
    steps.push(step);
    state = step.state;
  });
  return { state, steps, alerts: steps.flatMap((step) => step.effects.filter((effect) => effect.kind === 'alert').map((effect) => (effect.kind === 'alert' ? effect.alert : null))) };
};

describe('alert after N failing rounds, recover after M good rounds', () => {
  it('with the defaults (1 and 1) alerts on the first failing round and the first good one', () => {
    const { alerts } = run(['up', 'down', 'up'], { down: 1, up: 1 });
    expect(alerts.map((alert) => alert?.event)).toEqual(['down', 'up']);
  });

  it('keeps a monitor up through fewer than N failing rounds, then opens the outage dated from the first', () => {
    const { steps, alerts } = run(['up', 'down', 'down', 'down'], { down: 3, up: 1 });
    expect(steps.map((step) => step.monitor?.is_up)).toEqual([true, true, true, false]);
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({ event: 'down', since: checkedAt(1), occurredAt: checkedAt(3) });
    const opened = steps[3]!.effects.find((effect) => effect.kind === 'incident_opened');
    expect(opened?.kind === 'incident_opened' && opened.incident.started_at).toBe(checkedAt(1));
  });

  it('forgets a short failing streak once a good round comes', () => {
    const { state, alerts } = run(['up', 'down', 'up', 'down', 'up'], { down: 2, up: 1 });
    expect(alerts).toEqual([]);
    expect(state).toMatchObject({ isUp: true, pendingStreak: 0, pendingSince: null });
  });

  it('stays down through fewer than M good rounds and measures the downtime to the first good one', () => {
    const { steps, alerts } = run(['down', 'up', 'down', 'up', 'up'], { down: 1, up: 2 });
    expect(steps.map((step) => step.monitor?.is_up)).toEqual([false, false, false, false, true]);
    expect(alerts.map((alert) => alert?.event)).toEqual(['down', 'up']);
    // Recovered at round 3's answer (the streak's first), after going down at round 0.
    const recovered = steps[4]!.effects.find((effect) => effect.kind === 'up_recorded');
    expect(recovered?.kind === 'up_recorded' && recovered.incident.started_at).toBe(checkedAt(3));
    expect(recovered?.kind === 'up_recorded' && recovered.incident.outage_started_at).toBe(checkedAt(0));
  });

  it('shows a never-checked monitor as pending while its first failing streak is too short', () => {
    const { steps, alerts } = run(['down', 'down'], { down: 3, up: 1 });
    expect(steps.map((step) => step.monitor?.is_up)).toEqual([null, null]);
    expect(alerts).toEqual([]);
  });
});
