import { decodeTime, isValid } from 'ulid';
import { describe, expect, it } from 'vitest';
import { incidentId, transitionId } from '../../../shared/checks/transition-ids.js';

const ROUND = '2026-03-02T10:05:00.000Z';

describe('incidentId', () => {
  it('is a valid ULID whose time is the round', () => {
    const id = incidentId('01JMONITOR', ROUND, 'down');
    expect(isValid(id)).toBe(true);
    expect(decodeTime(id)).toBe(Date.parse(ROUND));
  });

  it('is the same for the same monitor, round and type (a replay names the same incident)', () => {
    expect(incidentId('m1', ROUND, 'down')).toBe(incidentId('m1', ROUND, 'down'));
  });

  it('differs by monitor and by type', () => {
    expect(incidentId('m1', ROUND, 'down')).not.toBe(incidentId('m2', ROUND, 'down'));
    expect(incidentId('m1', ROUND, 'down')).not.toBe(incidentId('m1', ROUND, 'up'));
  });

  it('does not collide across many monitors sharing one round', () => {
    const ids = new Set(Array.from({ length: 50_000 }, (_, i) => incidentId(`monitor-${i}`, ROUND, 'down')));
    expect(ids.size).toBe(50_000);
  });

  it('sorts newer rounds after older ones', () => {
    expect(incidentId('z', '2026-03-02T10:00:00.000Z', 'down') < incidentId('a', ROUND, 'down')).toBe(true);
  });

  it('refuses something that is not a round id', () => {
    expect(() => incidentId('m1', 'not a time', 'down')).toThrow(RangeError);
  });
});

describe('transitionId', () => {
  it('names the monitor, the round and the event', () => {
    expect(transitionId('m1', ROUND, 'slow_resolved')).toBe(`m1#${ROUND}#slow_resolved`);
  });
});

describe('roundOfIncidentId', () => {
  it('gives back the round an incident id was made for, so erasure can name its outbox entry', async () => {
    const { incidentId, roundOfIncidentId } = await import('../../../shared/checks/transition-ids.js');
    const round = '2025-03-04T05:06:07.890Z';
    expect(roundOfIncidentId(incidentId('01JMONITOR0000000000000000', round, 'down'))).toBe(round);
    expect(roundOfIncidentId('not-an-id')).toBeNull();
  });
});
