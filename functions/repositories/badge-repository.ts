import { createHash } from 'node:crypto';
import { badgeLookupKey, ENTITY, monitorKey, type ItemKey } from '../../shared/table/keys.js';
import * as table from './table-commands.js';
import { transactIfAllowed } from './table.js';

/**
 * Badge links in the table (docs/status-pages.md "Badges"). The token is kept twice: in the clear
 * on the owner's monitor item (`badge_token`), so the monitor page can show the links again, and
 * as its SHA-256 in the key of a lookup item (keys.ts 53), which is all the public routes read. A
 * token changes, and its old lookup goes, in one transaction: an old link stops working at once.
 */
export const badgeKey = (token: string): ItemKey => badgeLookupKey(createHash('sha256').update(token, 'utf8').digest('hex'));

/** The badge token stored on a monitor item, or undefined before the owner created links. */
export const storedBadgeToken = (item: Record<string, unknown>): string | undefined =>
  typeof item.badge_token === 'string' && item.badge_token ? item.badge_token : undefined;

/** The badge token of one of the user's monitors: `undefined` when it has none, null when the user has no such monitor. */
export const getBadgeToken = async (userId: string, monitorId: string): Promise<string | undefined | null> => {
  const { Item } = await table.get({
    Key: monitorKey(userId, monitorId),
    ProjectionExpression: 'entity, badge_token',
    ConsistentRead: true,
  });
  return Item?.entity === ENTITY.monitor ? storedBadgeToken(Item) : null;
};

/**
 * Sets a monitor's badge token to `next`, provided it is still `current` (undefined: none yet), and
 * swaps the lookup items in the same transaction. Answers `gone` when the user has no such monitor,
 * `changed` when another request changed the token first, else `set`.
 */
export const replaceBadgeToken = async (opts: {
  userId: string;
  monitorId: string;
  current: string | undefined;
  next: string;
}): Promise<'set' | 'gone' | 'changed'> => {
  const refused = await transactIfAllowed(
    [
      {
        Update: {
          Key: monitorKey(opts.userId, opts.monitorId),
          UpdateExpression: 'SET badge_token = :next',
          ConditionExpression: opts.current ? 'attribute_exists(PK) AND badge_token = :current' : 'attribute_exists(PK) AND attribute_not_exists(badge_token)',
          ExpressionAttributeValues: { ':next': opts.next, ...(opts.current ? { ':current': opts.current } : {}) },
        },
      },
      {
        Put: {
          Item: { ...badgeKey(opts.next), entity: ENTITY.badge, user_id: opts.userId, monitor_id: opts.monitorId },
          ConditionExpression: 'attribute_not_exists(PK)',
        },
      },
      ...(opts.current ? [{ Delete: { Key: badgeKey(opts.current) } }] : []),
    ],
    { 0: 'refused' as const },
  );
  if (!refused) return 'set';
  return (await getBadgeToken(opts.userId, opts.monitorId)) === null ? 'gone' : 'changed';
};

/** The monitor a badge token belongs to, or null. */
export const findBadgeMonitor = async (token: string): Promise<{ userId: string; monitorId: string } | null> => {
  const { Item } = await table.get({ Key: badgeKey(token) });
  return Item ? { userId: String(Item.user_id), monitorId: String(Item.monitor_id) } : null;
};

/** A lookup whose monitor is gone (a race of a rotation with a deletion) is removed when it is next used. */
export const deleteBadgeLookup = async (token: string): Promise<void> => {
  await table.delete({ Key: badgeKey(token) });
};
