import { describe, expect, it } from 'vitest';
import type { CheckResult } from '../../../shared/checks/check-result.js';
import { INITIAL_MONITOR_STATE, applyRound, type MonitorCheckState, type MonitorEffect } from '../../../shared/checks/monitor-state.js';
import { decideRound } from '../../../shared/checks/quorum.js';
import { rollupIncrement, uptimePercentage, withOpenHours, advanceHour, encodeDayHours, decodeDayHours } from '../../../shared/checks/rollups.js';
import { endOfWindowAlert, endOfWindowTransitionId, toMaintenanceStamp, type MaintenanceStamp } from '../../../shared/maintenance/stamp.js';
import { down, up } from '../checks/check-fixtures.js';

const START = Date.parse('2026-03-02T10:00:00.000Z');
const roundAt = (i: number) => new Date(START + i * 300_000).toISOString();

const decision = (i: number, results: CheckResult[]) =>
  decideRound(results.map((r) => ({ ...r, round: roundAt(i), checkedAt: new Date(START + i * 300_000 + 5_000).toISOString() })));

/** Rounds 0, 1, 2... with `muted` per round; every effect collected. */
const run = (
  rounds: { results: CheckResult[]; muted: boolean; alertedBeforeMute?: string | null; maintenanceWindow?: { window_id: string; until: string } | null }[],
  from: MonitorCheckState = INITIAL_MONITOR_STATE,
  firstRound = 0,
) => {
  let state = from;
  const effects: MonitorEffect[] = [];
  rounds.forEach(({ results, muted, alertedBeforeMute, maintenanceWindow }, index) => {
    const i = firstRound + index;
    const step = applyRound(state, { monitorId: 'mon-1', round: roundAt(i), decision: decision(i, results), muted, alertedBeforeMute, maintenanceWindow });
    effects.push(...step.effects);
    state = step.state;
  });
  return { state, effects };
};

const kinds = (effects: MonitorEffect[]) => effects.map((e) => (e.kind === 'alert' ? `alert:${e.alert.event}` : e.kind));
const DOWN = [down('a'), down('b')];
const UP = [up('a'), up('b')];

const stamp = (overrides: Partial<MaintenanceStamp> = {}): MaintenanceStamp => ({
  window_id: 'win-1',
  starts_at: roundAt(1),
  until: roundAt(4),
  mode: 'mute_alerts',
  down_incident_at_start: null,
  ...overrides,
});

describe('the mute rule: a round inside a maintenance window', () => {
  it('records the outage but alerts nothing', () => {
    const { state, effects } = run([
      { results: UP, muted: false },
      { results: DOWN, muted: true },
    ]);
    expect(state.isUp).toBe(false);
    expect(state.openIncident?.type).toBe('down');
    expect(kinds(effects)).toEqual(['incident_opened']);
  });

  it('marks the incidents it records with the window, so a status page leaves them to the window (docs/status-pages.md "Maintenance on the page")', () => {
    const { effects } = run([
      { results: UP, muted: false },
      { results: DOWN, muted: true, maintenanceWindow: { window_id: 'win-1', until: roundAt(4) } },
      { results: UP, muted: true, maintenanceWindow: { window_id: 'win-1', until: roundAt(4) } },
      { results: DOWN, muted: false },
    ]);
    const recorded = effects.flatMap((effect) => (effect.kind === 'incident_opened' || effect.kind === 'up_recorded' ? [effect.incident] : []));
    expect(recorded.map((incident) => [incident.alert_type, incident.maintenance_window_id, incident.maintenance_until])).toEqual([
      ['down', 'win-1', roundAt(4)],
      ['up', 'win-1', roundAt(4)],
      ['down', undefined, undefined],
    ]);
  });

  it('alerts nothing for an outage that came and went inside the window', () => {
    const { state, effects } = run([
      { results: UP, muted: false },
      { results: DOWN, muted: true },
      { results: UP, muted: true },
    ]);
    expect(state.isUp).toBe(true);
    expect(kinds(effects)).toEqual(['incident_opened', 'incident_resolved', 'up_recorded']);
  });

  it('still alerts the recovery of an outage the owner was told of before the window began, and nothing else', () => {
    const before = run([
      { results: UP, muted: false },
      { results: DOWN, muted: false },
    ]);
    expect(kinds(before.effects)).toEqual(['incident_opened', 'alert:down']);
    const outage = before.state.openIncident!.id;
    const inside = run([{ results: UP, muted: true, alertedBeforeMute: outage }], before.state, 2);
    expect(kinds(inside.effects)).toEqual(['incident_resolved', 'up_recorded', 'alert:up']);
    const alert = inside.effects.find((effect) => effect.kind === 'alert');
    expect(alert?.kind === 'alert' && alert.alert.incidentId).toBe(outage);
    // A new outage inside the window, and its recovery, stay quiet.
    const again = run(
      [
        { results: DOWN, muted: true, alertedBeforeMute: outage },
        { results: UP, muted: true, alertedBeforeMute: outage },
      ],
      inside.state,
      3,
    );
    expect(kinds(again.effects)).toEqual(['incident_opened', 'incident_resolved', 'up_recorded']);
  });

  it('alerts as before once the window is over', () => {
    const { effects } = run([
      { results: UP, muted: false },
      { results: DOWN, muted: true },
      { results: UP, muted: false },
    ]);
    expect(kinds(effects)).toEqual(['incident_opened', 'incident_resolved', 'up_recorded', 'alert:up']);
  });
});

describe('the alert at the end of a window', () => {
  const downInside = run([
    { results: UP, muted: false },
    { results: DOWN, muted: true },
  ]).state;
  const incident = { id: downInside.openIncident!.id, message: 'Connection refused', details: { error_category: 'connection_refused' } as never, started_at: roundAt(1) };

  it('is one down alert for an outage the owner has not heard of, keyed by the occurrence', () => {
    const alert = endOfWindowAlert({ monitorId: 'mon-1', stamp: stamp(), state: downInside, incident, monitorType: undefined, endedAt: roundAt(4) });
    expect(alert).toMatchObject({
      event: 'down',
      incidentId: incident.id,
      transitionId: endOfWindowTransitionId('mon-1', stamp()),
      occurredAt: roundAt(4),
      since: roundAt(1),
    });
    expect(alert?.transitionId).toBe(`mon-1#maintenance#win-1#${roundAt(1)}#down`);
  });

  it('is nothing when the monitor is up again', () => {
    const back: MonitorCheckState = { ...downInside, isUp: true, openIncident: null };
    expect(endOfWindowAlert({ monitorId: 'mon-1', stamp: stamp(), state: back, incident, monitorType: undefined, endedAt: roundAt(4) })).toBeNull();
  });

  it('is nothing when the outage was already alerted before the window began', () => {
    const before = stamp({ down_incident_at_start: incident.id });
    expect(endOfWindowAlert({ monitorId: 'mon-1', stamp: before, state: downInside, incident, monitorType: undefined, endedAt: roundAt(4) })).toBeNull();
  });
});

describe('maintenance is left out of uptime', () => {
  it('counts a muted round as maintenance only, so ups / checks leave the window out', () => {
    const hour = '2026-03-02T10';
    let open = advanceHour(null, hour, rollupIncrement(decision(0, UP))).open;
    open = advanceHour(open, hour, rollupIncrement(decision(1, DOWN), true)).open;
    open = advanceHour(open, hour, rollupIncrement(decision(2, DOWN), true)).open;
    open = advanceHour(open, hour, rollupIncrement(decision(3, UP))).open;
    expect(open).toMatchObject({ checks: 2, ups: 2, maintenance: 2 });
    const from = new Date(START);
    expect(uptimePercentage(withOpenHours([], [open!]), from, new Date(START + 3_600_000))).toBe(100);
  });

  it('is a gap, not downtime, for an hour wholly in maintenance', () => {
    const open = advanceHour(null, '2026-03-02T10', rollupIncrement(decision(0, DOWN), true)).open!;
    expect(uptimePercentage([open], new Date(START), new Date(START + 3_600_000))).toBeNull();
  });

  it('keeps the maintenance count in the day item and reads older entries as none', () => {
    const hours = [
      { hour: '2026-03-02T10', checks: 3, ups: 3, responseTimeSumMs: 600, responseTimeCount: 3, maintenance: 9 },
      { hour: '2026-03-02T11', checks: 12, ups: 12, responseTimeSumMs: 2400, responseTimeCount: 12 },
    ];
    expect(decodeDayHours(encodeDayHours(hours))).toEqual(hours);
    expect(decodeDayHours('2026-03-02T09,12,12,2400,12')[0]?.maintenance ?? 0).toBe(0);
  });
});

describe('the stored stamp', () => {
  it('reads back what the boundary job wrote, and nothing from a stray value', () => {
    expect(toMaintenanceStamp({ ...stamp(), mode: 'pause_checks' })).toEqual(stamp({ mode: 'pause_checks' }));
    expect(toMaintenanceStamp(null)).toBeNull();
    expect(toMaintenanceStamp({ window_id: 'w' })).toBeNull();
  });
});
