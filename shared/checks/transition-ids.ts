import type { RoundId } from './check-round.js';

/**
 * Ids derived from (monitor, round, event) instead of drawn at random, so processing a round twice
 * names the same incident and the same outbox entry: a replay after a crash finds them written
 * (`attribute_not_exists(PK)` fails) instead of creating a second one. Pure, so the state machine
 * stays testable without clocks or random numbers.
 */
export type TransitionEvent = 'down' | 'up' | 'slow' | 'slow_resolved' | 'ssl_expiring' | 'ssl_invalid';

/** The alert-outbox key of one transition: one outbox entry, so one alert, per transition. */
export const transitionId = (monitorId: string, round: RoundId, event: TransitionEvent): string =>
  `${monitorId}#${round}#${event}`;

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** cyrb53's two 32-bit lanes: well-mixed, fast, the same in every runtime. Not for secrets. */
const hashLanes = (text: string, seed: number): [number, number] => {
  let h1 = 0xdeadbeef ^ seed;
  let h2 = 0x41c6ce57 ^ seed;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ code, 2654435761);
    h2 = Math.imul(h2 ^ code, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return [h1 >>> 0, h2 >>> 0];
};

const encodeTime = (ms: number): string => {
  let rest = ms;
  let out = '';
  for (let i = 0; i < 10; i++) {
    out = CROCKFORD[rest % 32]! + out;
    rest = Math.floor(rest / 32);
  }
  return out;
};

/**
 * A ULID (26 characters, Crockford base 32) whose time part is the round and whose 80 "random" bits
 * are a hash of the transition: incidents still sort by time (a user's list, the admin list), and
 * many monitors sharing a round start never collide in practice.
 */
export const incidentId = (monitorId: string, round: RoundId, type: 'down' | 'up' | 'slow'): string => {
  const time = Date.parse(round);
  if (Number.isNaN(time)) throw new RangeError(`not a round id: ${round}`);
  const key = transitionId(monitorId, round, type);
  const words = [...hashLanes(key, 1), ...hashLanes(key, 2)];
  let random = '';
  for (let i = 0; i < 16; i++) {
    // 16 characters x 5 bits = 80 bits, read from 4 words of 32 bits (the last 48 bits unused).
    const word = words[Math.floor((i * 5) / 32)]!;
    const next = words[Math.floor((i * 5) / 32) + 1] ?? 0;
    const offset = (i * 5) % 32;
    const bits = offset <= 27 ? (word >>> (27 - offset)) & 31 : ((word << (offset - 27)) | (next >>> (59 - offset))) & 31;
    random += CROCKFORD[bits]!;
  }
  return encodeTime(time) + random;
};

/**
 * The round an incident id was made for (its time part, `incidentId` above): with the monitor and
 * the incident's type this names the transition, so account erasure can find the alert-outbox
 * entries of a user's incidents by key (functions/repositories/account-erasure-repository.ts).
 */
export const roundOfIncidentId = (id: string): RoundId | null => {
  if (id.length !== 26) return null;
  let ms = 0;
  for (const char of id.slice(0, 10).toUpperCase()) {
    const digit = CROCKFORD.indexOf(char);
    if (digit < 0) return null;
    ms = ms * 32 + digit;
  }
  return new Date(ms).toISOString();
};
