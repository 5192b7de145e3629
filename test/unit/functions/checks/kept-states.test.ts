import { describe, expect, it } from 'vitest';
import { keptStates } from '../../../../functions/services/checks/kept-states.js';
import type { CheckStateOfMonitor } from '../../../../functions/repositories/monitor-check-state-repository.js';

/** docs/PERFORMANCE.md "The state a processor wrote, kept": the processor's memory of the states it committed. */
const stateAt = (lastRound: string): CheckStateOfMonitor => ({
  state: { isUp: true, lastRound, slowStreak: 0, slowSince: null, openIncident: null, pendingStreak: 0, pendingSince: null },
  responseTimeSeconds: 0.1,
  hours: { open: null, closing: null },
  recent: null,
  sslMarker: null,
  lastPing: null,
  maintenance: null,
  watchedSince: null,
});

describe('keptStates', () => {
  it('gives back the state kept last for a monitor, and nothing once forgotten', () => {
    const kept = keptStates(60_000, 10);
    expect(kept.get('u#m')).toBeUndefined();
    kept.keep('u#m', stateAt('r1'));
    kept.keep('u#m', stateAt('r2'));
    expect(kept.get('u#m')?.state.lastRound).toBe('r2');
    kept.forget('u#m');
    expect(kept.get('u#m')).toBeUndefined();
  });

  it('drops a state older than its keeping time', () => {
    let now = 0;
    const kept = keptStates(60_000, 10, () => now);
    kept.keep('u#old', stateAt('r1'));
    now = 30_000;
    kept.keep('u#new', stateAt('r1'));
    now = 60_001;
    expect(kept.get('u#old')).toBeUndefined();
    expect(kept.get('u#new')?.state.lastRound).toBe('r1');
  });

  it('keeps at most its number of entries, dropping the ones kept longest ago', () => {
    const kept = keptStates(60_000, 3);
    for (const id of ['a', 'b', 'c']) kept.keep(`u#${id}`, stateAt('r1'));
    // Kept again: moves to the back, so `b` is now the oldest.
    kept.keep('u#a', stateAt('r2'));
    kept.keep('u#d', stateAt('r1'));
    expect(kept.get('u#b')).toBeUndefined();
    expect(['u#a', 'u#c', 'u#d'].map((key) => kept.get(key)?.state.lastRound)).toEqual(['r2', 'r1', 'r1']);
  });

  it('clear forgets everything', () => {
    const kept = keptStates(60_000, 3);
    kept.keep('u#a', stateAt('r1'));
    kept.clear();
    expect(kept.get('u#a')).toBeUndefined();
  });
});
