import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CheckResult } from '../../../../shared/checks/check-result.js';
import type { ResultsQueueMessage } from '../../../../shared/checks/check-job.js';
import { answeredPacks } from '../../../../functions/services/checks/answered-packs.js';
import { deadlinePostponement, MAX_DEADLINE_POSTPONEMENTS } from '../../../../shared/checks/deadline-postponement.js';

const REGIONS = ['us-east-1', 'eu-west-1', 'ap-south-1'];

vi.mock('../../../../functions/checks/pipeline-config.js', () => ({
  pipelineConfig: () => ({ checkerRegions: REGIONS, alertsQueueUrl: 'alerts', resultsQueueUrl: 'results' }),
}));
vi.mock('../../../../functions/config.js', () => ({ config: () => ({ region: 'us-east-1' }) }));
vi.mock('../../../../functions/repositories/monitor-check-state-repository.js', () => ({
  getMonitorsForChecks: vi.fn(async () => new Map()),
}));
vi.mock('../../../../functions/repositories/pending-pack-repository.js', () => ({
  getPendingPack: vi.fn(async () => []),
  putPendingPack: vi.fn(async () => undefined),
}));
vi.mock('../../../../functions/repositories/round-history-repository.js', () => ({ putRoundHistories: vi.fn(async () => undefined) }));
vi.mock('../../../../functions/repositories/user-tier-repository.js', () => ({ getUserTier: vi.fn(async () => 'enterprise') }));
vi.mock('../../../../functions/repositories/check-result-repository.js', () => ({ putCheckResult: vi.fn(async () => undefined) }));
vi.mock('../../../../functions/repositories/check-queue-repository.js', () => ({ sendRoundDeadlines: vi.fn(async () => undefined) }));
vi.mock('../../../../functions/checks/results-backlog.js', () => ({ resultsLagSeconds: vi.fn(() => 0) }));
vi.mock('../../../../functions/services/checks/apply-round.js', () => ({
  historyToStore: () => null,
  applyDecidedRound: vi.fn(async () => ({ outcome: 'applied', monitor: null })),
}));

const { getMonitorsForChecks } = await import('../../../../functions/repositories/monitor-check-state-repository.js');
const { getPendingPack } = await import('../../../../functions/repositories/pending-pack-repository.js');
const { applyDecidedRound } = await import('../../../../functions/services/checks/apply-round.js');
const { sendRoundDeadlines } = await import('../../../../functions/repositories/check-queue-repository.js');
const { resultsLagSeconds } = await import('../../../../functions/checks/results-backlog.js');
const { forgetKeptStates, forgetKeptTiers, processResultsBatch } = await import('../../../../functions/services/checks/process-results.js');
const { getUserTier } = await import('../../../../functions/repositories/user-tier-repository.js');

describe('answeredPacks', () => {
  it('covers a pack only with the same number of rounds, and forgets it after its time', () => {
    let now = 0;
    const packs = answeredPacks(1000, () => now);
    packs.remember('p1', 12);
    expect(packs.covers('p1', 12)).toBe(true);
    expect(packs.covers('p1', 13)).toBe(false);
    expect(packs.covers('p2', 12)).toBe(false);
    now = 1001;
    expect(packs.covers('p1', 12)).toBe(false);
  });
});

const answer = (monitorId: string, round: string, region: string): CheckResult => ({
  monitorId,
  region,
  round,
  outcome: 'up',
  errorCategory: null,
  statusCode: 200,
  timings: { dns: null, connect: 1, tls: null, ttfb: 2, total: 3 },
  checkedAt: round,
  attempts: 1,
  message: null,
});

describe('a deadline after its pack was answered in full (docs/PERFORMANCE.md "Where the CPU of a check goes")', () => {
  const rounds = [
    { userId: 'u1', monitorId: 'm1', round: '2026-11-28T12:00:00.000Z' },
    { userId: 'u1', monitorId: 'm2', round: '2026-11-28T12:00:00.000Z' },
  ];
  const answers = (pack: string, regions: readonly string[]): { messageId: string; message: ResultsQueueMessage }[] =>
    regions.map((region) => ({
      messageId: `${pack}-${region}`,
      message: { kind: 'check_results', pack, results: rounds.map(({ userId, monitorId, round }) => ({ userId, result: answer(monitorId, round, region) })) },
    }));
  const deadline = (pack: string, postponed?: number) => [
    { messageId: `${pack}-deadline`, message: { kind: 'round_deadline' as const, pack, rounds, ...(postponed === undefined ? {} : { postponed }) } },
  ];

  beforeEach(() => vi.clearAllMocks());

  it('reads nothing when every region answered every round here', async () => {
    expect(await processResultsBatch(answers('full', REGIONS))).toEqual(new Set());
    expect(applyDecidedRound).toHaveBeenCalledTimes(2);
    vi.clearAllMocks();

    expect(await processResultsBatch(deadline('full'))).toEqual(new Set());
    expect(getPendingPack).not.toHaveBeenCalled();
    expect(getMonitorsForChecks).not.toHaveBeenCalled();
    expect(applyDecidedRound).not.toHaveBeenCalled();
  });

  it('still decides when a region never answered', async () => {
    await processResultsBatch(answers('short', REGIONS.slice(0, 2)));
    vi.clearAllMocks();

    await processResultsBatch(deadline('short'));
    expect(getPendingPack).toHaveBeenCalledWith('short');
    expect(applyDecidedRound).toHaveBeenCalledTimes(2);
  });
});

describe('a deadline while the results queue is behind (docs/PERFORMANCE.md "What grew per check when the queue was behind")', () => {
  const rounds = [{ userId: 'u1', monitorId: 'm9', round: '2026-11-28T12:00:30.000Z' }];
  const deadline = (postponed?: number) => [
    { messageId: 'late-deadline', message: { kind: 'round_deadline' as const, pack: 'late', rounds, ...(postponed === undefined ? {} : { postponed }) } },
  ];

  beforeEach(() => vi.clearAllMocks());

  it('waits as long as the queue is behind, at most a few times', () => {
    expect(deadlinePostponement({ resultsLagSeconds: 3, postponed: 0 })).toBeNull();
    expect(deadlinePostponement({ resultsLagSeconds: 47.2, postponed: 0 })).toBe(48);
    expect(deadlinePostponement({ resultsLagSeconds: 5000, postponed: 1 })).toBe(900);
    expect(deadlinePostponement({ resultsLagSeconds: 47.2, postponed: MAX_DEADLINE_POSTPONEMENTS })).toBeNull();
  });

  it('is sent on, delayed by the lag, instead of deciding its rounds without the answers still queued', async () => {
    vi.mocked(resultsLagSeconds).mockReturnValue(47.2);
    expect(await processResultsBatch(deadline())).toEqual(new Set());
    expect(sendRoundDeadlines).toHaveBeenCalledWith(expect.objectContaining({ rounds, delaySeconds: 48, postponed: 1 }));
    expect(getPendingPack).not.toHaveBeenCalled();
    expect(applyDecidedRound).not.toHaveBeenCalled();
  });

  it('decides once it was sent on the most times, queue behind or not', async () => {
    vi.mocked(resultsLagSeconds).mockReturnValue(47.2);
    await processResultsBatch(deadline(MAX_DEADLINE_POSTPONEMENTS));
    expect(sendRoundDeadlines).not.toHaveBeenCalled();
    expect(getPendingPack).toHaveBeenCalledWith('late');
    expect(applyDecidedRound).toHaveBeenCalledTimes(1);
  });
});

describe('the owners\' tiers (docs/product-rules.md "Retention")', () => {
  const rounds = [{ userId: 'tiered', monitorId: 'm1', round: '2026-11-28T13:00:00.000Z' }];
  const batch = (pack: string) =>
    REGIONS.map((region) => ({
      messageId: `${pack}-${region}`,
      message: { kind: 'check_results' as const, pack, results: rounds.map(({ userId, monitorId, round }) => ({ userId, result: answer(monitorId, round, region) })) },
    }));

  beforeEach(() => {
    vi.clearAllMocks();
    forgetKeptTiers();
    forgetKeptStates();
  });

  it('reads an owner\'s tier once a minute, not once a batch', async () => {
    const at = (seconds: number) => new Date(Date.UTC(2026, 10, 28, 13, 0, seconds));
    await processResultsBatch(batch('a'), at(0));
    await processResultsBatch(batch('b'), at(30));
    expect(getUserTier).toHaveBeenCalledTimes(1);
    await processResultsBatch(batch('c'), at(61));
    expect(getUserTier).toHaveBeenCalledTimes(2);
    expect(vi.mocked(applyDecidedRound).mock.calls.map(([round]) => round.tier)).toEqual(['enterprise', 'enterprise', 'enterprise']);
  });

  it('reads again after a failed read', async () => {
    vi.mocked(getUserTier).mockRejectedValueOnce(new Error('throttled'));
    await processResultsBatch(batch('d'), new Date(Date.UTC(2026, 10, 28, 13, 5, 0)));
    await processResultsBatch(batch('e'), new Date(Date.UTC(2026, 10, 28, 13, 5, 1)));
    expect(getUserTier).toHaveBeenCalledTimes(2);
  });
});
