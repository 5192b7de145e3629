import { ENTITY, stormSeatKey, stormWindowKey } from '../../shared/table/keys.js';
import * as table from './table-commands.js';
import { resultIfAllowed } from './table.js';

/**
 * An account's storm window (keys.ts 46, 47; docs/alerts.md "Storms and pacing"): a window opens
 * with a transition and lasts STORM_WINDOW_SECONDS; every transition fanned out in it takes the
 * next seat (one atomic ADD). The seat is kept per transition, so a retried fan-out reads the seat
 * it took and decides as it did the first time. Both items expire by TTL.
 */
export const STORM_WINDOW_SECONDS = 60;

const KEEP_SECONDS = 2 * 86_400;

export interface StormSeat {
  /** ISO time the window opened. */
  windowStart: string;
  /** 1 for the transition that opened it, then 2, 3, ... in the order they came. */
  seat: number;
  /**
   * True when this call took the seat: no earlier fan-out of the transition got as far as a
   * digest (channel-digest-repository.ts `firstJoin`). False for a seat read back (a retry).
   */
  takenNow: boolean;
}

const expiresAt = (now: Date): number => Math.floor(now.getTime() / 1000) + KEEP_SECONDS;

/** The next seat of the open window, or null when no window is open at `now` (none yet, or over). */
const joinOpenWindow = async (userId: string, now: Date): Promise<StormSeat | null> => {
  const cutoff = new Date(now.getTime() - STORM_WINDOW_SECONDS * 1000).toISOString();
  const joined = await resultIfAllowed(
    table.update({
      Key: stormWindowKey(userId),
      UpdateExpression: 'ADD seats :one',
      ConditionExpression: 'window_start > :cutoff',
      ExpressionAttributeValues: { ':one': 1, ':cutoff': cutoff },
      ReturnValues: 'ALL_NEW',
    }),
  );
  return joined?.Attributes ? { windowStart: String(joined.Attributes.window_start), seat: Number(joined.Attributes.seats), takenNow: true } : null;
};

/** Opens a window at `now` with seat 1, unless one is open (another transition opened it first). */
const openWindow = async (userId: string, now: Date): Promise<StormSeat | null> => {
  const cutoff = new Date(now.getTime() - STORM_WINDOW_SECONDS * 1000).toISOString();
  const opened = await resultIfAllowed(
    table.update({
      Key: stormWindowKey(userId),
      UpdateExpression: 'SET entity = :entity, window_start = :now, seats = :one, expires_at = :expires',
      ConditionExpression: 'attribute_not_exists(window_start) OR window_start <= :cutoff',
      ExpressionAttributeValues: { ':entity': ENTITY.stormWindow, ':now': now.toISOString(), ':one': 1, ':cutoff': cutoff, ':expires': expiresAt(now) },
    }),
  );
  return opened ? { windowStart: now.toISOString(), seat: 1, takenNow: true } : null;
};

const readSeat = async (userId: string, transitionId: string): Promise<StormSeat | null> => {
  const { Item } = await table.get({ Key: stormSeatKey(userId, transitionId), ConsistentRead: true });
  return Item ? { windowStart: String(Item.window_start), seat: Number(Item.seat), takenNow: false } : null;
};

/**
 * The seat of one transition in its account's storm window: the one it took before (a retried
 * fan-out), or the next of the open window, or seat 1 of a window it opens. Two fan-outs at once
 * each get their own seat: the window's counter is one item updated atomically.
 */
export const takeStormSeat = async (
  userId: string,
  transitionId: string,
  now: Date,
  /** No fan-out of this transition ran before (its first claim): there is no seat to look up first. */
  opts: { firstTry?: boolean } = {},
): Promise<StormSeat> => {
  const before = opts.firstTry ? null : await readSeat(userId, transitionId);
  if (before) return before;
  let seat: StormSeat | null = null;
  // Join or open: each loses only to a window opened or closed in between, so this ends quickly.
  for (let i = 0; !seat && i < 10; i += 1) seat = (await joinOpenWindow(userId, now)) ?? (await openWindow(userId, now));
  if (!seat) throw new Error('Could not take a storm-window seat');
  const kept = await resultIfAllowed(
    table.put({
      Item: { ...stormSeatKey(userId, transitionId), entity: ENTITY.stormSeat, window_start: seat.windowStart, seat: seat.seat, expires_at: expiresAt(now) },
      ConditionExpression: 'attribute_not_exists(PK)',
    }),
  );
  // Another fan-out of the same transition seated it meanwhile: its seat is the one that counts.
  return kept ? seat : ((await readSeat(userId, transitionId)) ?? { ...seat, takenNow: false });
};
