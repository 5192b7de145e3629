import type { ResultsQueueMessage } from '../../../shared/checks/check-job.js';
import type { CheckResult } from '../../../shared/checks/check-result.js';
import { deciderDelayMs, shouldDecide } from '../../../shared/checks/quorum.js';
import { packIdOf } from '../../../shared/checks/result-packs.js';
import { expiresAt } from '../../../shared/checks/retention.js';
import { holdsAnswer, holdsRound } from '../../../shared/checks/round-history.js';
import type { TierId } from '../../../shared/tiers.js';
import { pipelineConfig } from '../../checks/pipeline-config.js';
import { METRIC } from '../../../shared/metrics.js';
import { logger, withLogKeys } from '../../observability/logger.js';
import { addCount } from '../../observability/metrics.js';
import { putCheckResult } from '../../repositories/check-result-repository.js';
import { getMonitorsForChecks, type MonitorForChecks } from '../../repositories/monitor-check-state-repository.js';
import { putRoundHistories, type RoundHistory } from '../../repositories/round-history-repository.js';
import { getPendingPack, putPendingPack, type PackAnswer } from '../../repositories/pending-pack-repository.js';
import { getUserTier } from '../../repositories/user-tier-repository.js';
import { mapWithConcurrency } from './run-check-jobs.js';
import { batchPushes } from '../live/batch-pushes.js';
import { updateBatches } from '../../repositories/update-batches.js';
import { counterTally } from '../../repositories/admin-counters-repository.js';
import { applyDecidedRound, historyToStore, type RoundToDecide } from './apply-round.js';
import { applyHeartbeatRounds } from './heartbeat-rounds.js';
import { answeredPacks } from './answered-packs.js';
import { keptStates } from './kept-states.js';
import { monitorMapKey } from '../../repositories/monitor-items.js';
import { CHECK_INTERVAL_RANGE } from '../../../shared/monitors/schemas.js';
import { deadlinePostponement } from '../../../shared/checks/deadline-postponement.js';
import { resultsLagSeconds } from '../../checks/results-backlog.js';
import { sendRoundDeadlines } from '../../repositories/check-queue-repository.js';
import { config } from '../../config.js';
import { agedEntries } from './aged-entries.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Packs of one batch worked on side by side, and rounds of one pack. */
export const PACKS_IN_FLIGHT = 8;
export const ROUNDS_IN_FLIGHT = 12;

/**
 * Packs this process applied with every answer, so their deadlines need no work (answered-packs.ts).
 * Kept 20 minutes: past the longest deadline delay SQS allows (15 minutes, check-round.ts).
 */
const answeredHere = answeredPacks(20 * 60_000);

/**
 * The check states this process committed, for the monitors' next rounds (kept-states.ts): kept a
 * little longer than the longest interval, for up to 20,000 monitors (a few KB each).
 */
const statesHere = keptStates((CHECK_INTERVAL_RANGE.max + 300) * 1000, 20_000);

/** Forgets the kept states (tests: a fresh process). */
export const forgetKeptStates = (): void => {
  statesHere.clear();
};

/** One round of a pack as the batch knows it: the answers in hand and whether its deadline came. */
interface RoundInHand {
  userId: string;
  monitorId: string;
  round: string;
  /** By region; an answer received again replaces nothing. */
  answers: Map<string, CheckResult>;
  /** Regions whose answers came in this batch (not read back from the pending store). */
  fresh: Set<string>;
  deadlinePassed: boolean;
}

interface PackInHand {
  id: string;
  /** The queue messages that brought it: they fail together if the pack cannot be processed. */
  messageIds: Set<string>;
  /** Regions that answered the pack in this batch. */
  regions: Set<string>;
  rounds: Map<string, RoundInHand>;
  /** How many times its deadline was already sent on (deadline-postponement.ts). */
  postponed: number;
}

export interface ResultsBatchEntry {
  messageId: string;
  message: ResultsQueueMessage;
}

const roundKey = (monitorId: string, round: string) => `${monitorId}#${round}`;

const roundIn = (pack: PackInHand, userId: string, monitorId: string, round: string): RoundInHand => {
  const key = roundKey(monitorId, round);
  let found = pack.rounds.get(key);
  if (!found) {
    found = { userId, monitorId, round, answers: new Map(), fresh: new Set(), deadlinePassed: false };
    pack.rounds.set(key, found);
  }
  return found;
};

/** The batch's messages sorted into packs (result-packs.ts), answers grouped by round. */
export const groupIntoPacks = (entries: readonly ResultsBatchEntry[]): PackInHand[] => {
  const packs = new Map<string, PackInHand>();
  // Heartbeat rounds have no packs (heartbeat-rounds.ts); processResultsBatch takes them apart first.
  const packOf = (id: string): PackInHand => {
    let pack = packs.get(id);
    if (!pack) packs.set(id, (pack = { id, messageIds: new Set(), regions: new Set(), rounds: new Map(), postponed: 0 }));
    return pack;
  };
  for (const { messageId, message } of entries) {
    if (message.kind === 'heartbeat_rounds') continue;
    if (message.kind === 'round_deadline') {
      const pack = packOf(message.pack ?? packIdOf(message.rounds));
      pack.messageIds.add(messageId);
      pack.postponed = Math.max(pack.postponed, message.postponed ?? 0);
      for (const { userId, monitorId, round } of message.rounds) roundIn(pack, userId, monitorId, round).deadlinePassed = true;
      continue;
    }
    const pack = packOf(message.pack ?? packIdOf(message.results.map(({ result }) => result)));
    pack.messageIds.add(messageId);
    for (const { userId, result } of message.results) {
      pack.regions.add(result.region);
      const held = roundIn(pack, userId, result.monitorId, result.round);
      held.answers.set(result.region, result);
      held.fresh.add(result.region);
    }
  }
  return [...packs.values()];
};

const addStored = (pack: PackInHand, stored: readonly PackAnswer[]) => {
  for (const { userId, result } of stored) {
    const held = roundIn(pack, userId, result.monitorId, result.round);
    if (!held.answers.has(result.region)) held.answers.set(result.region, result);
  }
};

/** How long an owner's tier is kept across batches (docs/product-rules.md "Retention"). */
export const TIER_KEPT_MS = 60_000;
const MAX_TIERS_KEPT = 10_000;
const tiersKept = agedEntries<Promise<TierId>>(TIER_KEPT_MS, MAX_TIERS_KEPT);

/**
 * The owner's tier, read at most once a minute per process: a tier sets only how long what a round
 * writes is kept (retention.ts), so a change reaching the rounds of the next minute late loses
 * nothing, and a steady processor reads each owner's profile once a minute instead of once a
 * batch. A failed read is not kept.
 */
const cachedTierOf = (userId: string, now: Date): Promise<TierId> => {
  const kept = tiersKept.get(userId, now.getTime());
  if (kept) return kept;
  const tier = getUserTier(userId);
  tiersKept.set(userId, tier, now.getTime());
  tier.catch(() => {
    if (tiersKept.get(userId, now.getTime()) === tier) tiersKept.delete(userId);
  });
  return tier;
};

/** Forgets the kept tiers (tests: a fresh process). */
export const forgetKeptTiers = (): void => tiersKept.clear();

/**
 * The result processor's work on one batch of results-queue messages (docs/PERFORMANCE.md):
 * 1. Sort the messages into packs. A pack whose every region answered in this batch is decided in
 *    memory; otherwise the answers other regions left in the pending store (one item per pack and
 *    region) are read first.
 * 2. Decide each round that can be decided (quorum.ts `shouldDecide`, or its deadline came) and
 *    apply it with its answers: the round's one state write keeps them (round-history.ts).
 * 3. A round that cannot be decided yet: this batch's answers to it go to the pending store, one
 *    item per region for the whole pack, and the store is read again. When two regions' processors
 *    store at the same moment, the later one finds both; should both decide, they take turns by
 *    region (quorum.ts `deciderDelayMs`) and the compare-and-swap keeps it at one application.
 * 4. An answer to a round already applied without it (it came late, after the round was decidable)
 *    is stored on its own, as a per-region item, so the history still shows it.
 * Returns the ids of the messages whose pack could not be processed (retried, then dead-lettered).
 */
export const processResultsBatch = async (entries: readonly ResultsBatchEntry[], now = new Date()): Promise<Set<string>> => {
  const pipeline = pipelineConfig();
  const expected = pipeline.checkerRegions;
  const tierOf = (userId: string) => cachedTierOf(userId, now);
  // Each round's push starts at its commit; the batch waits for them all at its end (batch-pushes.ts).
  const livePushes = batchPushes();
  // The steady rounds' state writes go out together, 25 to a call (update-batches.ts).
  const stateWrites = updateBatches();
  // The incidents' operator counters: one write at the batch's end (admin-counters-repository.ts).
  const counters = counterTally();
  const toDecide = async (held: RoundInHand): Promise<RoundToDecide> => ({
    userId: held.userId,
    monitorId: held.monitorId,
    round: held.round,
    deadlinePassed: held.deadlinePassed,
    expectedRegions: expected,
    tier: await tierOf(held.userId),
    alertsQueueUrl: pipeline.alertsQueueUrl,
    livePushes,
    stateWrites,
    counters,
    keptStates: statesHere,
  });

  let decided = 0;
  let postponedDeadlines = 0;
  /** Rounds of this batch that are settled: applied now or before, or with nothing to apply (monitor gone, paused). */
  const settled = new Set<RoundInHand>();
  /** Applies a decidable round; its fresh answers that the applied round does not hold are stored alone. */
  const apply = async (held: RoundInHand, firstRead: MonitorForChecks | null | undefined, storedHistory: string | null): Promise<void> => {
    const results = [...held.answers.values()];
    const { outcome, monitor } = await applyDecidedRound(await toDecide(held), results, firstRead, storedHistory);
    if (outcome !== 'waiting') settled.add(held);
    if (outcome === 'applied') decided += 1;
    if (outcome !== 'already_applied' || !monitor) return;
    const late = results.filter(
      (result) => held.fresh.has(result.region) && !(holdsRound(monitor.recent, held.round) && holdsAnswer(monitor.recent, held.round, result.region)),
    );
    for (const result of late) {
      await putCheckResult({ userId: held.userId, result, expiresAt: expiresAt(new Date(result.checkedAt), await tierOf(held.userId)) });
    }
  };

  /**
   * Applies rounds side by side: their monitors read first in a few batch reads (the state item only
   * of a monitor whose state this process did not commit last: kept-states.ts), and the history
   * items their commits would write (about one round in four) stored first in a few batch writes.
   */
  const applyAll = async (rounds: readonly RoundInHand[]): Promise<void> => {
    const monitors = await getMonitorsForChecks(
      rounds.map(({ userId, monitorId }) => ({ userId, monitorId })),
      (key) => statesHere.get(key),
    );
    const monitorOf = (held: RoundInHand) => monitors.get(monitorMapKey(held.userId, held.monitorId));
    const histories = new Map<RoundInHand, RoundHistory>();
    for (const held of rounds) {
      const history = historyToStore(await toDecide(held), [...held.answers.values()], monitorOf(held));
      if (history) histories.set(held, history);
    }
    await putRoundHistories([...histories.values()]);
    await mapWithConcurrency(rounds, ROUNDS_IN_FLIGHT, (held) =>
      // Every line about a round names its monitor, owner and round (docs/observability.md).
      withLogKeys({ userId: held.userId, monitorId: held.monitorId, round: held.round }, () =>
        apply(held, monitorOf(held), histories.get(held)?.rounds ?? null),
      ),
    );
  };

  const decidable = (held: RoundInHand) =>
    held.answers.size > 0 || held.deadlinePassed
      ? shouldDecide([...held.answers.values()], expected, { deadlinePassed: held.deadlinePassed })
      : false;

  /** Every round of the pack settled here, each with every region's answer: its deadline can be skipped. */
  const answeredInFull = (pack: PackInHand) =>
    [...pack.rounds.values()].every((held) => settled.has(held) && expected.every((region) => held.answers.has(region)));

  const processPack = async (pack: PackInHand): Promise<void> => {
    if (!pack.regions.size) {
      // Only the deadline of a pack this process already applied in full: nothing is left to decide.
      if (answeredHere.covers(pack.id, pack.rounds.size)) return;
      // A deadline that came while the queue is behind: its answers are likely still queued.
      const delaySeconds = deadlinePostponement({ resultsLagSeconds: resultsLagSeconds(now), postponed: pack.postponed });
      if (delaySeconds !== null) {
        await sendRoundDeadlines({
          region: config().region,
          queueUrl: pipeline.resultsQueueUrl,
          rounds: [...pack.rounds.values()].map(({ userId, monitorId, round }) => ({ userId, monitorId, round })),
          delaySeconds,
          postponed: pack.postponed + 1,
        });
        postponedDeadlines += 1;
        return;
      }
    }
    await decidePack(pack);
    if (pack.regions.size && answeredInFull(pack)) answeredHere.remember(pack.id, pack.rounds.size);
  };

  const decidePack = async (pack: PackInHand): Promise<void> => {
    const everyRegionHere = expected.every((region) => pack.regions.has(region));
    if (!everyRegionHere) addStored(pack, await getPendingPack(pack.id));
    const rounds = [...pack.rounds.values()];
    const waiting = rounds.filter((held) => !decidable(held));
    await applyAll(rounds.filter(decidable));
    const toStore = waiting.filter((held) => held.fresh.size > 0);
    if (!toStore.length) return;

    for (const region of pack.regions) {
      const answers = toStore.flatMap((held) => {
        const result = held.fresh.has(region) ? held.answers.get(region) : undefined;
        return result ? [{ userId: held.userId, result }] : [];
      });
      if (answers.length) await putPendingPack({ packId: pack.id, region, answers, now });
    }
    addStored(pack, await getPendingPack(pack.id));
    const nowDecidable = toStore.filter(decidable);
    if (!nowDecidable.length) return;
    const myTurn = Math.min(...[...pack.regions].map((region) => deciderDelayMs(region, expected)));
    if (myTurn > 0) await sleep(myTurn);
    await applyAll(nowDecidable);
  };

  const failed = new Set<string>();
  const heartbeats = entries.filter((entry) => entry.message.kind === 'heartbeat_rounds');
  await mapWithConcurrency(heartbeats, PACKS_IN_FLIGHT, async ({ messageId, message }) => {
    if (message.kind !== 'heartbeat_rounds') return;
    try {
      decided += await applyHeartbeatRounds(message.rounds, tierOf, livePushes);
    } catch (error) {
      logger.error('Could not apply heartbeat rounds', { messageId, error });
      failed.add(messageId);
    }
  });
  await mapWithConcurrency(groupIntoPacks(entries), PACKS_IN_FLIGHT, async (pack) => {
    try {
      await withLogKeys({ pack: pack.id }, () => processPack(pack));
    } catch (error) {
      // Caught here, not thrown: the other packs of the batch go on, and only this one's messages come back.
      logger.error('Could not process a pack of check results', { pack: pack.id, messageIds: [...pack.messageIds], error });
      for (const id of pack.messageIds) failed.add(id);
    }
  });
  addCount(METRIC.roundsDecided, decided);
  if (postponedDeadlines) logger.debug('Round deadlines sent on: the results queue is behind', { packs: postponedDeadlines, lagSeconds: resultsLagSeconds(now) });
  await Promise.all([livePushes.settle(), counters.flush()]);
  return failed;
};
