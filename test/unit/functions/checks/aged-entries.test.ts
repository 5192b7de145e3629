import { describe, expect, it } from 'vitest';
import { agedEntries } from '../../../../functions/services/checks/aged-entries.js';

/** The result processor's short memory (kept states, answered packs, owners' tiers). */
describe('agedEntries', () => {
  it('gives a value back while it is young enough, by the time the caller gives', () => {
    const entries = agedEntries<string>(60_000);
    entries.set('a', 'one', 1_000);
    expect(entries.get('a', 1_000)).toBe('one');
    expect(entries.get('a', 61_000)).toBe('one');
    expect(entries.get('a', 61_001)).toBeUndefined();
    expect(entries.get('b', 1_000)).toBeUndefined();
  });

  it('a key set again is as young as its last setting', () => {
    const entries = agedEntries<string>(60_000);
    entries.set('a', 'one', 0);
    entries.set('a', 'two', 50_000);
    expect(entries.get('a', 100_000)).toBe('two');
  });

  it('drops the old entries when a new one is set, oldest first, and keeps at most maxEntries', () => {
    const entries = agedEntries<number>(60_000, 3);
    entries.set('a', 1, 0);
    entries.set('b', 2, 10_000);
    entries.set('c', 3, 20_000);
    // Set again: `a` moves to the back, so `b` is now the oldest and the first to go.
    entries.set('a', 4, 30_000);
    entries.set('d', 5, 40_000);
    expect(entries.size).toBe(3);
    expect(['a', 'b', 'c', 'd'].map((key) => entries.get(key, 40_000))).toEqual([4, undefined, 3, 5]);
    // At 90,001 `c` (20,000) and `a` (30,000) are over a minute old; a setting drops them.
    entries.set('e', 6, 90_001);
    expect(entries.size).toBe(2);
    expect(['c', 'a', 'd', 'e'].map((key) => entries.get(key, 90_001))).toEqual([undefined, undefined, 5, 6]);
  });

  it('delete and clear forget', () => {
    const entries = agedEntries<number>(60_000);
    entries.set('a', 1, 0);
    entries.set('b', 2, 0);
    entries.delete('a');
    expect(entries.get('a', 0)).toBeUndefined();
    expect(entries.get('b', 0)).toBe(2);
    entries.clear();
    expect(entries.size).toBe(0);
  });
});
