import { describe, expect, it } from 'vitest';
import { censusFrom } from '../../../functions/services/admin/table-census.js';

const now = new Date('2026-11-28T03:30:00.000Z');
const counters = { users_total: 40, monitors_total: 200, incidents_total: 75 };
const size = { bytes: 5_000_000, items: 120_000 };

describe('the table census (docs/admin.md "Table size by kind")', () => {
  it('takes users, monitors and incidents from the counters, and scales the sampled monitors\' kinds to every monitor', () => {
    const census = censusFrom({
      now,
      counters,
      size,
      samples: [
        { check_results: 100, hourly_rollups: 10, round_history: 4, daily_rollups: 2 },
        { check_results: 300, hourly_rollups: 30, round_history: 8, daily_rollups: 0 },
      ],
    });
    expect(census).toEqual({
      measured_at: '2026-11-28T03:30:00.000Z',
      table_bytes: 5_000_000,
      table_items: 120_000,
      sampled_monitors: 2,
      kinds: [
        { kind: 'users', items: 40, estimated: false },
        { kind: 'monitors', items: 200, estimated: false },
        { kind: 'incidents', items: 75, estimated: false },
        { kind: 'check_results', items: 40_000, estimated: true },
        { kind: 'hourly_rollups', items: 4_000, estimated: true },
        { kind: 'round_history', items: 1_200, estimated: true },
        { kind: 'daily_rollups', items: 200, estimated: true },
      ],
    });
  });

  it('estimates nothing without a sample (no monitors yet)', () => {
    const census = censusFrom({ now, counters: { ...counters, monitors_total: 0 }, size, samples: [] });
    expect(census.sampled_monitors).toBe(0);
    expect(census.kinds.filter((kind) => kind.estimated).map((kind) => kind.items)).toEqual([0, 0, 0, 0]);
  });
});
