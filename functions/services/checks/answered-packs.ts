import { agedEntries } from './aged-entries.js';

/**
 * Packs this process has applied with every region's answer to every round (docs/PERFORMANCE.md
 * "Where the CPU of a check goes"). Each pack also has a deadline message, sent delayed by the
 * dispatcher, for the rounds some region never answers. When this process already applied all of
 * the pack's rounds with all regions' answers, the deadline has nothing left to decide, and
 * processing it would only read the pending store and every monitor of the pack again to find each
 * round already applied: half of the processor's reads at 10,000 monitors.
 *
 * It is this process's memory, not shared: a deadline that reaches another instance (Lambda runs
 * several) is processed in full as before, and finds the rounds applied. So it can only save work,
 * never skip a decision. Entries are dropped after `keepMs`, well past a deadline's delay.
 */
export interface AnsweredPacks {
  /** Records that `rounds` rounds of the pack were applied, each with every region's answer. */
  remember(packId: string, rounds: number): void;
  /** True when the pack's `rounds` rounds are all known applied in full here. */
  covers(packId: string, rounds: number): boolean;
}

export const answeredPacks = (keepMs: number, now: () => number = Date.now): AnsweredPacks => {
  // The number of rounds each pack was applied with in full.
  const packs = agedEntries<number>(keepMs);
  return {
    remember: (packId, rounds) => packs.set(packId, rounds, now()),
    covers: (packId, rounds) => packs.get(packId, now()) === rounds,
  };
};
