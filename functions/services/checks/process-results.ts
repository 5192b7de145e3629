import type { ResultsQueueMessage } from '../../../shared/checks/check-job.js';
import type { CheckResult } from '../../../shared/checks/check-result.js';
import { deciderDelayMs } from '../../../shared/checks/quorum.js';
import { expiresAt } from '../../../shared/checks/retention.js';
import type { TierId } from '../../../shared/tiers.js';
import { pipelineConfig } from '../../checks/pipeline-config.js';
import { putCheckResult } from '../../repositories/check-result-repository.js';
import { getUserTier } from '../../repositories/user-tier-repository.js';
import { applyDecidedRound, decidableResults, decideAndApplyRound, type RoundToDecide } from './apply-round.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * One message from the results queue: either checkers' results (store each, then try to decide
 * its round) or a round deadline (decide with whoever answered). Idempotent: a redelivered message
 * stores nothing twice and finds its rounds already applied. Decidable rounds are applied at this
 * region's turn (quorum.ts `deciderDelayMs`): one wait for the whole message (its results are all
 * from one region), so a message of 50 results waits once, not 50 times.
 */
export const processResultsMessage = async (message: ResultsQueueMessage): Promise<void> => {
  const pipeline = pipelineConfig();
  const tiers = new Map<string, Promise<TierId>>();
  const tierOf = (userId: string) => {
    let tier = tiers.get(userId);
    if (!tier) tiers.set(userId, (tier = getUserTier(userId)));
    return tier;
  };
  const roundToDecide = async (userId: string, monitorId: string, round: string, deadlinePassed: boolean): Promise<RoundToDecide> => ({
    userId,
    monitorId,
    round,
    deadlinePassed,
    expectedRegions: pipeline.checkerRegions,
    tier: await tierOf(userId),
    alertsQueueUrl: pipeline.alertsQueueUrl,
  });

  if (message.kind === 'round_deadline') {
    for (const round of message.rounds) await decideAndApplyRound(await roundToDecide(round.userId, round.monitorId, round.round, true));
    return;
  }
  for (const { userId, result } of message.results) {
    await putCheckResult({ userId, result, expiresAt: expiresAt(new Date(result.checkedAt), await tierOf(userId)) });
  }
  // One decision per round, after all of this message's results for it are stored.
  const rounds = new Map(message.results.map(({ userId, result }) => [`${result.monitorId}#${result.round}`, { userId, result }]));
  const decidable: { round: RoundToDecide; results: CheckResult[] }[] = [];
  for (const { userId, result } of rounds.values()) {
    const round = await roundToDecide(userId, result.monitorId, result.round, false);
    const results = await decidableResults(round);
    if (results) decidable.push({ round, results });
  }
  if (!decidable.length) return;
  const region = message.results[0]!.result.region;
  const turn = deciderDelayMs(region, pipeline.checkerRegions);
  if (turn > 0) await sleep(turn);
  for (const { round, results } of decidable) await applyDecidedRound(round, results);
};
