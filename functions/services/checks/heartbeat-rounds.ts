import type { HeartbeatRoundsMessage } from '../../../shared/checks/check-job.js';
import { heartbeatResult } from '../../../shared/checks/heartbeat.js';
import type { TierId } from '../../../shared/tiers.js';
import { pipelineConfig } from '../../checks/pipeline-config.js';
import { config } from '../../config.js';
import { logger, withLogKeys } from '../../observability/logger.js';
import { sendHeartbeatRounds } from '../../repositories/check-queue-repository.js';
import { getMonitorForChecks } from '../../repositories/monitor-check-state-repository.js';
import type { BatchPushes } from '../live/batch-pushes.js';
import { applyDecidedRound } from './apply-round.js';
import { mapWithConcurrency } from './run-check-jobs.js';

export type HeartbeatRound = HeartbeatRoundsMessage['rounds'][number];

/**
 * Heartbeat rounds (docs/checks.md "Heartbeat monitors"). Where an HTTP round goes to every checker
 * region, a heartbeat round goes straight to the result processor, which judges it from the last
 * ping (shared/checks/heartbeat.ts) and applies it like any round: one answer is the whole vote
 * (there is nothing for other regions to see), then the same state machine, incidents, outbox and
 * alerts as every monitor.
 */
export const startHeartbeatRounds = async (rounds: readonly HeartbeatRound[], delaySeconds: number): Promise<void> => {
  if (!rounds.length) return;
  await sendHeartbeatRounds({ region: config().region, queueUrl: pipelineConfig().resultsQueueUrl, rounds: [...rounds], delaySeconds });
};

const ROUNDS_IN_FLIGHT = 8;

/**
 * The processor's half: each round's monitor read consistently (a ping written a moment ago must
 * be seen), judged and applied. A monitor deleted, no longer a heartbeat, or never pinged: nothing
 * to apply. Throws when a round could not be applied, so its message is retried.
 */
export const applyHeartbeatRounds = async (
  rounds: readonly HeartbeatRound[],
  tierOf: (userId: string) => Promise<TierId>,
  /** The batch's live pushes (batch-pushes.ts), when a batch waits for them at its end. */
  livePushes?: BatchPushes,
): Promise<number> => {
  const applied = await mapWithConcurrency(rounds, ROUNDS_IN_FLIGHT, (held) =>
    withLogKeys({ userId: held.userId, monitorId: held.monitorId, round: held.round }, async () => {
      const monitor = await getMonitorForChecks(held.userId, held.monitorId);
      if (!monitor || monitor.target?.type !== 'heartbeat') return 0;
      const result = heartbeatResult({
        monitorId: held.monitorId,
        round: held.round,
        at: held.at,
        intervalSeconds: monitor.intervalSeconds,
        graceSeconds: monitor.target.grace_seconds,
        lastPing: monitor.lastPing,
      });
      if (!result) return 0;
      const { outcome } = await applyDecidedRound(
        {
          userId: held.userId,
          monitorId: held.monitorId,
          round: held.round,
          expectedRegions: [result.region],
          deadlinePassed: true,
          tier: await tierOf(held.userId),
          alertsQueueUrl: pipelineConfig().alertsQueueUrl,
          ...(livePushes ? { livePushes } : {}),
        },
        [result],
        monitor,
      );
      if (outcome === 'applied') logger.debug('Heartbeat round applied', { outcome: result.outcome });
      return outcome === 'applied' ? 1 : 0;
    }),
  );
  return applied.reduce<number>((sum, one) => sum + one, 0);
};
