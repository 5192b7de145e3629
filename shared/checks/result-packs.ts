/**
 * A pack is the set of rounds one check-jobs message carries (at most JOBS_PER_MESSAGE, dispatch.ts).
 * The dispatcher sends the same pack to every checker region, each region's checker answers it with
 * one results message, and the dispatcher's deadline message for those rounds covers the same set.
 * So the pack id, a hash of the set, is the same in all of them, computed by whoever sends or
 * receives a message, and the result processor can meet a pack's answers from different regions:
 * - answers that arrive in one batch are decided in memory, nothing stored first;
 * - a region's answers that come alone are stored as ONE pending item for the whole pack
 *   (keys.ts 22), read back by the processor that holds the pack's other answers or its deadline.
 * Messages carry the id as `pack` (check-job.ts); one without it (an older sender, a test) gets the
 * id of its own set, which is the same whenever the sets are.
 */
export interface PackMember {
  monitorId: string;
  round: string;
}

/** FNV-1a over a string with a seed, as 8 hex digits. */
const fnv = (text: string, seed: number): string => {
  let hash = (0x811c9dc5 ^ seed) >>> 0;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, '0');
};

/** The id of a pack: the same for the same set of (monitor, round), in any order. */
export const packIdOf = (members: readonly PackMember[]): string => {
  const key = [...new Set(members.map((member) => `${member.monitorId}@${member.round}`))].sort().join(',');
  return `${fnv(key, 0)}${fnv(key, 0x9e3779b9)}`;
};
