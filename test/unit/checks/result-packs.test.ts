import { describe, expect, it } from 'vitest';
import { packIdOf } from '../../../shared/checks/result-packs.js';

describe('packIdOf', () => {
  const members = [
    { monitorId: 'A', round: '2026-03-02T10:00:00.000Z' },
    { monitorId: 'B', round: '2026-03-02T10:00:00.000Z' },
  ];

  it('is the same for the same set in any order, repeats included', () => {
    expect(packIdOf(members)).toBe(packIdOf([members[1]!, members[0]!, members[1]!]));
    expect(packIdOf(members)).toMatch(/^[0-9a-f]{16}$/);
  });

  it('differs for another round or another monitor', () => {
    expect(packIdOf(members)).not.toBe(packIdOf([members[0]!]));
    expect(packIdOf(members)).not.toBe(packIdOf([members[0]!, { monitorId: 'B', round: '2026-03-02T10:00:30.000Z' }]));
  });
});
