import { describe, expect, it } from 'vitest';
import { LiveMessage, liveFrame, parseLiveMessages } from '../../../shared/live/messages.js';
import { liveMessagesOfRound, shownState } from '../../../shared/live/round-messages.js';
import type { IncidentRecord } from '../../../shared/checks/monitor-state.js';

/** The pushed messages (docs/live-status.md "Pushes"): their shape, and which rounds push. */
describe('live messages', () => {
  it('accepts the three kinds and nothing else', () => {
    expect(LiveMessage.parse({ type: 'monitor.changed', monitor_id: 'm1' })).toEqual({ type: 'monitor.changed', monitor_id: 'm1' });
    expect(LiveMessage.parse({ type: 'incident.changed', incident_id: 'i1', monitor_id: 'm1' })).toMatchObject({ incident_id: 'i1' });
    expect(LiveMessage.parse({ type: 'plan.changed' })).toEqual({ type: 'plan.changed' });
    expect(LiveMessage.safeParse({ type: 'monitor.changed' }).success).toBe(false);
    expect(LiveMessage.safeParse({ type: 'incident.changed', incident_id: 'i1' }).success).toBe(false);
    expect(LiveMessage.safeParse({ type: 'user.deleted' }).success).toBe(false);
  });

  it('reads a frame as its messages, one or an array of them, leaving out anything else', () => {
    expect(parseLiveMessages('{"type":"plan.changed"}')).toEqual([{ type: 'plan.changed' }]);
    expect(parseLiveMessages('[{"type":"plan.changed"},{"type":"user.deleted"},{"type":"monitor.changed","monitor_id":"m1"}]')).toEqual([
      { type: 'plan.changed' },
      { type: 'monitor.changed', monitor_id: 'm1' },
    ]);
    expect(parseLiveMessages('not json')).toEqual([]);
    expect(parseLiveMessages('null')).toEqual([]);
    expect(parseLiveMessages('{"type":"monitor.changed","monitor_id":""}')).toEqual([]);
  });

  it('frames one message as itself and several as an array, which reads back the same', () => {
    const one = [{ type: 'plan.changed' }] as const;
    const two = [{ type: 'monitor.changed', monitor_id: 'm1' }, { type: 'incident.changed', incident_id: 'i1', monitor_id: 'm1' }] as const;
    expect(liveFrame(one)).toBe('{"type":"plan.changed"}');
    expect(JSON.parse(liveFrame(two))).toEqual(two);
    expect(parseLiveMessages(liveFrame(two))).toEqual(two);
  });
});

describe('the pushes of a round', () => {
  const patch = (is_up: boolean | null, response_time: number | null) => ({ is_up, response_time, last_checked: '2026-11-27T10:00:00.000Z' });
  const incident = { id: 'i1' } as IncidentRecord;
  const round = (over: Partial<Parameters<typeof liveMessagesOfRound>[0]>) =>
    liveMessagesOfRound({
      monitorId: 'm1',
      before: { isUp: true, responseTimeSeconds: 0.2 },
      after: patch(true, 0.3),
      slowThresholdMs: 1000,
      effects: [],
      ...over,
    });

  it('judges the card as the SPA does: pending, online, degraded over the threshold, offline', () => {
    expect(shownState(null, null, 1000)).toBe('pending');
    expect(shownState(true, 0.5, 1000)).toBe('online');
    expect(shownState(true, 1.5, 1000)).toBe('degraded');
    expect(shownState(false, null, 1000)).toBe('offline');
  });

  it('pushes nothing for a steady round, or one without votes', () => {
    expect(round({})).toEqual([]);
    expect(round({ after: null })).toEqual([]);
  });

  it('pushes the monitor when its card changes: first check, down, slow', () => {
    expect(round({ before: { isUp: null, responseTimeSeconds: null } })).toEqual([{ type: 'monitor.changed', monitor_id: 'm1' }]);
    expect(round({ after: patch(false, null) })).toEqual([{ type: 'monitor.changed', monitor_id: 'm1' }]);
    expect(round({ after: patch(true, 2) })).toEqual([{ type: 'monitor.changed', monitor_id: 'm1' }]);
  });

  it('pushes the monitor and each incident a round opens or resolves, once each', () => {
    expect(
      round({
        after: patch(false, null),
        effects: [
          { kind: 'incident_opened', incident },
          { kind: 'incident_resolved', incidentId: 'i0', alertType: 'slow', resolvedAt: '2026-11-27T10:00:00.000Z' },
          { kind: 'incident_opened', incident },
        ],
      }),
    ).toEqual([
      { type: 'monitor.changed', monitor_id: 'm1' },
      { type: 'incident.changed', incident_id: 'i1', monitor_id: 'm1' },
      { type: 'incident.changed', incident_id: 'i0', monitor_id: 'm1' },
    ]);
  });
});
