import { deflateRawSync, inflateRawSync } from 'node:zlib';
import type { CheckResult } from '../../shared/checks/check-result.js';
import { ENTITY, packPartition, pendingPackKey } from '../../shared/table/keys.js';
import { queryAll } from './query-all.js';
import * as table from './table-commands.js';

/**
 * Answers that wait for the rest of their pack (shared/checks/result-packs.ts, keys.ts 22): one
 * item per pack and region, whatever the number of rounds in it, so a region whose answers come
 * alone costs a few write units per pack (50 rounds), not one per answer. The answers are stored
 * deflated: a pack's JSON repeats its field names fifty times. They are only needed until the
 * pack's deadline has passed (at most SQS_MAX_DELAY_SECONDS), so they expire soon after.
 */
export const PENDING_PACK_TTL_SECONDS = 2 * 3600;

export interface PackAnswer {
  userId: string;
  result: CheckResult;
}

/** Stores one region's answers to a pack (an overwrite: the same answers again change nothing). */
export const putPendingPack = async (opts: { packId: string; region: string; answers: readonly PackAnswer[]; now: Date }): Promise<void> => {
  await table.put({
    Item: {
      ...pendingPackKey(opts.packId, opts.region),
      entity: ENTITY.pendingPack,
      region: opts.region,
      answers: deflateRawSync(JSON.stringify(opts.answers)),
      expires_at: Math.floor(opts.now.getTime() / 1000) + PENDING_PACK_TTL_SECONDS,
    },
  });
};

/** Every region's stored answers to a pack, read consistently (another processor may have just written them). */
export const getPendingPack = async (packId: string): Promise<PackAnswer[]> => {
  const items = await queryAll({
    KeyConditionExpression: 'PK = :pk',
    ExpressionAttributeValues: { ':pk': packPartition(packId) },
    ConsistentRead: true,
  });
  return items.flatMap((item) =>
    item.answers instanceof Uint8Array ? (JSON.parse(inflateRawSync(item.answers).toString('utf8')) as PackAnswer[]) : [],
  );
};
