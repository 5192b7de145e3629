import { describe, expect, it } from 'vitest';
import { countOf, forceCheckSummary } from '../../../shared/texts.js';

describe('forceCheckSummary', () => {
  it('says what the checks found, not "successful", for a site that is down', () => {
    expect(forceCheckSummary({ total: 3, up: 2, down: 1, failed: 0 })).toBe('Checked 3 monitors: 2 up, 1 down');
  });

  it('uses the singular for one monitor', () => {
    expect(forceCheckSummary({ total: 1, up: 0, down: 1, failed: 0 })).toBe('Checked 1 monitor: 0 up, 1 down');
  });

  it('keeps "failed" for checks that could not finish in time', () => {
    expect(forceCheckSummary({ total: 4, up: 2, down: 0, failed: 2 })).toBe(
      'Checked 4 monitors: 2 up, 0 down, 2 failed (still checking in the background)',
    );
  });
});

describe('countOf', () => {
  it('puts the noun in the right number', () => {
    expect(countOf(0, 'monitor')).toBe('0 monitors');
    expect(countOf(1, 'monitor')).toBe('1 monitor');
    expect(countOf(2, 'child', 'children')).toBe('2 children');
  });
});
