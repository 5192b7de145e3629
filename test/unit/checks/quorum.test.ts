import { describe, expect, it } from 'vitest';
import { heartbeatResult } from '../../../shared/checks/heartbeat.js';
import { downIncident } from '../../../shared/checks/incident-details.js';
import { rollupIncrement } from '../../../shared/checks/rollups.js';
import type { CheckResult } from '../../../shared/checks/check-result.js';
import { DECIDER_YIELD_MS, decideRound, deciderDelayMs, dedupeByRegion, shouldDecide, verdictOf } from '../../../shared/checks/quorum.js';
import { blocked, down, result, up } from './check-fixtures.js';

const REGIONS = ['ap-south-1', 'eu-west-1', 'us-east-1', 'us-west-2'];

/** `n` regions, the first `downs` of them down. */
const round = (n: number, downs: number): CheckResult[] =>
  REGIONS.slice(0, n).map((region, i) => (i < downs ? down(region) : up(region)));

describe('decideRound verdict by regions and down votes', () => {
  it.each([
    [1, 0, 'up'],
    [1, 1, 'down'],
    [2, 0, 'up'],
    [2, 1, 'down'],
    [2, 2, 'down'],
    [3, 0, 'up'],
    [3, 1, 'up'],
    [3, 2, 'down'],
    [3, 3, 'down'],
    [4, 1, 'up'],
    [4, 2, 'down'],
    [4, 3, 'down'],
  ] as const)('with %i regions and %i down the round is %s', (regions, downs, verdict) => {
    expect(decideRound(round(regions, downs)).verdict).toBe(verdict);
  });

  it('calls exactly half down a down round (down wins ties)', () => {
    expect(verdictOf(2, 2)).toBe('down');
    expect(verdictOf(1, 1)).toBe('down');
    expect(verdictOf(3, 2)).toBe('up');
  });

  it('counts a degraded answer as up for availability', () => {
    const decision = decideRound([result('eu-west-1', 'degraded', { ms: 7000 }), up('us-east-1'), down('ap-south-1')]);
    expect(decision.verdict).toBe('up');
    expect(decision.upRegions).toEqual(['eu-west-1', 'us-east-1']);
  });

  it('lists the regions by vote, sorted by name', () => {
    const decision = decideRound([up('us-east-1'), down('eu-west-1'), up('ap-south-1'), blocked('us-west-2')]);
    expect(decision.upRegions).toEqual(['ap-south-1', 'us-east-1']);
    expect(decision.downRegions).toEqual(['eu-west-1']);
    expect(decision.abstainedRegions).toEqual(['us-west-2']);
  });
});

describe('decideRound with blocked targets and silence', () => {
  it('ignores a blocked_target answer, so the remaining up vote decides', () => {
    expect(decideRound([blocked('eu-west-1'), up('us-east-1')]).verdict).toBe('up');
  });

  it('ignores a blocked_target answer, so the remaining down vote decides', () => {
    const decision = decideRound([blocked('eu-west-1'), down('us-east-1', 'dns_failure')]);
    expect(decision.verdict).toBe('down');
    expect(decision.failure?.errorCategory).toBe('dns_failure');
  });

  it('is no_quorum when every answer is a blocked target', () => {
    const decision = decideRound([blocked('eu-west-1'), blocked('us-east-1')]);
    expect(decision.verdict).toBe('no_quorum');
    expect(decision.failure).toBeNull();
    expect(decision.checkedAt).toBeNull();
  });

  it('is no_quorum with no answers at all', () => {
    expect(decideRound([])).toEqual({
      verdict: 'no_quorum',
      upRegions: [],
      downRegions: [],
      abstainedRegions: [],
      responseTimeMs: null,
      statusCode: null,
      failure: null,
      checkedAt: null,
    });
  });
});

describe('decideRound with duplicate answers from one region', () => {
  it('counts a region that answered twice as one vote', () => {
    // Counted twice, eu-west-1 would make it 2 of 4 down: a tie, so down.
    const decision = decideRound([up('ap-south-1'), down('eu-west-1'), down('eu-west-1'), up('us-east-1')]);
    expect(decision.verdict).toBe('up');
    expect(decision.downRegions).toEqual(['eu-west-1']);
  });

  it('keeps the later check of a region whatever order the answers arrive in', () => {
    const early = result('eu-west-1', 'down', { checkedAt: '2026-03-02T10:00:01.000Z' });
    const late = result('eu-west-1', 'up', { checkedAt: '2026-03-02T10:00:09.000Z' });
    expect(dedupeByRegion([early, late])).toEqual([late]);
    expect(dedupeByRegion([late, early])).toEqual([late]);
  });

  it('keeps the same answer for identical check times whatever the order', () => {
    const a = result('eu-west-1', 'up', { ms: 300 });
    const b = result('eu-west-1', 'down', { category: 'timeout' });
    expect(dedupeByRegion([a, b])).toEqual(dedupeByRegion([b, a]));
  });

  it('refuses results of different rounds or monitors in one decision', () => {
    expect(() => decideRound([up('eu-west-1'), result('us-east-1', 'up', { round: '2026-03-02T10:05:00.000Z' })])).toThrow(
      /one round only/,
    );
    expect(() => decideRound([up('eu-west-1'), result('us-east-1', 'up', { monitorId: 'mon-2' })])).toThrow(/one round only/);
  });
});

describe('decideRound failure and response time', () => {
  it('names the most common category among the down votes', () => {
    const decision = decideRound([
      down('ap-south-1', 'http_5xx', 503),
      down('eu-west-1', 'timeout'),
      down('us-east-1', 'http_5xx', 502),
    ]);
    expect(decision.failure).toMatchObject({ errorCategory: 'http_5xx', statusCode: 503, region: 'ap-south-1' });
  });

  it('breaks a category tie by the earlier step of a request (name lookup before HTTP)', () => {
    const decision = decideRound([down('us-east-1', 'http_5xx', 500), down('eu-west-1', 'dns_failure')]);
    expect(decision.failure?.errorCategory).toBe('dns_failure');
    const reversed = decideRound([down('eu-west-1', 'http_5xx', 500), down('us-east-1', 'dns_failure')]);
    expect(reversed.failure?.errorCategory).toBe('dns_failure');
  });

  it('reads a down vote without a category as unknown', () => {
    expect(decideRound([result('eu-west-1', 'down', { errorCategory: null })]).failure?.errorCategory).toBe('unknown');
  });

  it('has no failure when the round is up', () => {
    expect(decideRound(round(3, 1)).failure).toBeNull();
  });

  it('takes the median response time of the up votes (odd count)', () => {
    expect(decideRound([up('a', 900), up('b', 100), up('c', 300), down('d')]).responseTimeMs).toBe(300);
  });

  it('takes the mean of the middle two up votes (even count)', () => {
    expect(decideRound([up('a', 100), up('b', 200), up('c', 400), up('d', 5000)]).responseTimeMs).toBe(300);
  });

  it('has no response time when no region answered up', () => {
    expect(decideRound(round(2, 2)).responseTimeMs).toBeNull();
  });

  it('reports the latest check time among the votes', () => {
    const decision = decideRound([
      result('a', 'up', { checkedAt: '2026-03-02T10:00:03.000Z' }),
      result('b', 'up', { checkedAt: '2026-03-02T10:00:07.000Z' }),
    ]);
    expect(decision.checkedAt).toBe('2026-03-02T10:00:07.000Z');
  });
});

describe('shouldDecide', () => {
  const three = ['a', 'b', 'c'];
  const four = ['a', 'b', 'c', 'd'];

  it.each([
    ['no answers', [], three, false],
    ['one up of three', [up('a')], three, false],
    ['two up of three (up already exceeds half)', [up('a'), up('b')], three, true],
    ['one down of three', [down('a')], three, false],
    ['two down of three', [down('a'), down('b')], three, true],
    ['one up and one down of three', [up('a'), down('b')], three, false],
    ['all three answered', [up('a'), down('b'), up('c')], three, true],
    ['two down of four (down reaches half)', [down('a'), down('b')], four, true],
    ['two up of four (two silent downs would tie)', [up('a'), up('b')], four, false],
    ['three up of four', [up('a'), up('b'), up('c')], four, true],
    ['a blocked target and a down of three (down holds either way)', [blocked('a'), down('b')], three, true],
    ['one region answering twice of three', [up('a'), up('a')], three, false],
    ['the only expected region', [down('a')], ['a'], true],
  ] as const)('with %s: %s', (_name, answers, expected, decide) => {
    expect(shouldDecide(answers, expected)).toBe(decide);
  });

  it('decides with whoever answered once the deadline has passed', () => {
    expect(shouldDecide([up('a')], three, { deadlinePassed: true })).toBe(true);
    expect(shouldDecide([], three, { deadlinePassed: true })).toBe(true);
  });

  it('never decides early on an outcome that the silent regions could still change', () => {
    // Every way up to four regions can answer (up, down, blocked target), in every order of arrival:
    // once shouldDecide says yes, the final verdict must already be the current one.
    const kinds = [up, down, blocked];
    for (let n = 1; n <= 4; n++) {
      const regions = four.slice(0, n);
      for (let code = 0; code < 3 ** n; code++) {
        const answers = regions.map((region, i) => kinds[Math.floor(code / 3 ** i) % 3]!(region));
        const final = decideRound(answers).verdict;
        for (let seen = 1; seen <= n; seen++) {
          const soFar = answers.slice(0, seen);
          if (shouldDecide(soFar, regions)) expect(decideRound(soFar).verdict).toBe(final);
        }
      }
    }
  });
});

describe('deciderDelayMs', () => {
  const regions = ['eu-west-1', 'us-east-1', 'ap-south-1'];

  it('lets the last region by name decide at once and the others take turns behind it', () => {
    expect(deciderDelayMs('us-east-1', regions)).toBe(0);
    expect(deciderDelayMs('eu-west-1', regions)).toBe(DECIDER_YIELD_MS);
    expect(deciderDelayMs('ap-south-1', regions)).toBe(2 * DECIDER_YIELD_MS);
  });

  it('gives every region its own turn, and an unexpected region the last one', () => {
    expect(new Set(regions.map((region) => deciderDelayMs(region, regions))).size).toBe(regions.length);
    expect(deciderDelayMs('sa-east-1', regions)).toBe(3 * DECIDER_YIELD_MS);
  });
});

describe('a heartbeat round (docs/checks.md "Heartbeat monitors")', () => {
  const judged = (failed: boolean | null) =>
    heartbeatResult({
      monitorId: 'm1',
      round: '2026-03-02T10:10:00.000Z',
      intervalSeconds: 300,
      graceSeconds: 60,
      lastPing: { at: failed === null ? '2026-03-02T09:00:00.000Z' : '2026-03-02T10:09:00.000Z', failed: failed === true },
    })!;

  it('has no response time: not the "0 ms" of an answer that took no time', () => {
    const up = decideRound([judged(false)]);
    expect(up).toMatchObject({ verdict: 'up', responseTimeMs: null });
    // So its hours count the check but no time (no 0 ms average on the detail page or in reports).
    expect(rollupIncrement(up)).toEqual({ checks: 1, ups: 1, responseTimeSumMs: 0, responseTimeCount: 0 });
    for (const down of [decideRound([judged(true)]), decideRound([judged(null)])]) {
      expect(down.verdict).toBe('down');
      expect(down.failure?.responseTimeMs).toBeNull();
    }
    expect(downIncident(decideRound([judged(null)]).failure!, 'heartbeat').details.response_time).toBeNull();
  });
});
