import type { ResultsQueueMessage } from '../../../shared/checks/check-job.js';
import { expiresAt } from '../../../shared/checks/retention.js';
import type { TierId } from '../../../shared/tiers.js';
import { pipelineConfig } from '../../checks/pipeline-config.js';
import { putCheckResult } from '../../repositories/check-result-repository.js';
import { getUserTier } from '../../repositories/user-tier-repository.js';
import { decideAndApplyRound } from './apply-round.js';

/**
 * One message from the results queue: either checkers' results (store each, then try to decide
 * its round) or a round deadline (decide with whoever answered). Idempotent: a redelivered message
 * stores nothing twice and finds its rounds already applied.
 */
export const processResultsMessage = async (message: ResultsQueueMessage): Promise<void> => {
  const pipeline = pipelineConfig();
  const tiers = new Map<string, Promise<TierId>>();
  const tierOf = (userId: string) => {
    let tier = tiers.get(userId);
    if (!tier) tiers.set(userId, (tier = getUserTier(userId)));
    return tier;
  };
  const decide = async (userId: string, monitorId: string, round: string, deadlinePassed: boolean) =>
    decideAndApplyRound({
      userId,
      monitorId,
      round,
      deadlinePassed,
      expectedRegions: pipeline.checkerRegions,
      tier: await tierOf(userId),
      alertsQueueUrl: pipeline.alertsQueueUrl,
    });

  if (message.kind === 'round_deadline') {
    for (const round of message.rounds) await decide(round.userId, round.monitorId, round.round, true);
    return;
  }
  for (const { userId, result } of message.results) {
    await putCheckResult({ userId, result, expiresAt: expiresAt(new Date(result.checkedAt), await tierOf(userId)) });
  }
  // One decision per round, after all of this message's results for it are stored.
  const rounds = new Map(message.results.map(({ userId, result }) => [`${result.monitorId}#${result.round}`, { userId, result }]));
  for (const { userId, result } of rounds.values()) await decide(userId, result.monitorId, result.round, false);
};
