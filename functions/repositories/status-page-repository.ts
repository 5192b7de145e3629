import { ENTITY, STATUS_PAGE_SK_PREFIX, statusPageKey, statusSlugKey, userKey, type ItemKey } from '../../shared/table/keys.js';
import type { StatusPageComponent } from '../../shared/status-pages/schemas.js';
import { PAGE_VISIBILITIES, type PageVisibility } from '../../shared/status-pages/private-access.js';
import { queryAll, type TableItem } from './query-all.js';
import * as table from './table-commands.js';
import { transactIfAllowed, type TableTransactItem } from './table.js';

/**
 * A user's status pages (keys.ts 50), one item each in their partition with the components inline,
 * and the slug lookup of each (keys.ts 51), outside the partition so that a slug is unique across
 * all accounts: every write that sets a slug puts its lookup in the same transaction, conditioned
 * on no other page holding it (docs/status-pages.md "Pages and components"). How many pages a user
 * has is `status_page_count` on the profile, kept under the plan's cap by the create's transaction
 * (the same way as `monitor_count`).
 */
export interface StoredStatusPage {
  id: string;
  userId: string;
  name: string;
  slug: string;
  description: string | null;
  logoUrl: string | null;
  accentColor: string | null;
  components: StatusPageComponent[];
  showAutomaticIncidents: boolean;
  /** Who may view it (docs/status-pages.md "Private pages"); a page stored before private pages is public. */
  access: StoredPageAccess;
  createdAt: string;
  updatedAt: string;
}

/**
 * A page's access settings as kept: the password only as its scrypt hash, and `version`, raised
 * whenever the visibility, the password or the domains change, which every access cookie and
 * sign-in link is signed or stored for.
 */
export interface StoredPageAccess {
  visibility: PageVisibility;
  passwordHash: string | null;
  allowedEmailDomains: string[];
  version: number;
}

/** A page anyone may view: what a page without settings has. */
export const PUBLIC_ACCESS: StoredPageAccess = { visibility: 'public', passwordHash: null, allowedEmailDomains: [], version: 0 };

/** Where a slug leads: the page's owner and id. */
export interface StatusSlugTarget {
  userId: string;
  pageId: string;
}

const nullableString = (value: unknown): string | null => (typeof value === 'string' ? value : null);

const toComponent = (value: unknown): StatusPageComponent => {
  const item = (value ?? {}) as Record<string, unknown>;
  return {
    id: String(item.id),
    monitor_id: String(item.monitor_id),
    display_name: String(item.display_name ?? ''),
    group: nullableString(item.group),
  };
};

const toAccess = (value: unknown): StoredPageAccess => {
  if (!value || typeof value !== 'object') return PUBLIC_ACCESS;
  const item = value as Record<string, unknown>;
  const visibility = (PAGE_VISIBILITIES as readonly unknown[]).includes(item.visibility) ? (item.visibility as PageVisibility) : 'public';
  return {
    visibility,
    passwordHash: nullableString(item.password_hash),
    allowedEmailDomains: Array.isArray(item.allowed_email_domains) ? item.allowed_email_domains.map(String) : [],
    version: typeof item.version === 'number' ? item.version : 0,
  };
};

const toPage = (item: TableItem): StoredStatusPage => ({
  id: String(item.id),
  userId: String(item.user_id),
  name: String(item.name),
  slug: String(item.slug),
  description: nullableString(item.description),
  logoUrl: nullableString(item.logo_url),
  accentColor: nullableString(item.accent_color),
  components: Array.isArray(item.components) ? item.components.map(toComponent) : [],
  showAutomaticIncidents: item.show_automatic_incidents !== false,
  access: toAccess(item.access),
  createdAt: String(item.created_at),
  updatedAt: String(item.updated_at),
});

const pageItem = (page: StoredStatusPage): TableItem => ({
  ...statusPageKey(page.userId, page.id),
  entity: ENTITY.statusPage,
  id: page.id,
  user_id: page.userId,
  name: page.name,
  slug: page.slug,
  description: page.description,
  logo_url: page.logoUrl,
  accent_color: page.accentColor,
  components: page.components.map((component) => ({ ...component })),
  show_automatic_incidents: page.showAutomaticIncidents,
  access: {
    visibility: page.access.visibility,
    password_hash: page.access.passwordHash,
    allowed_email_domains: [...page.access.allowedEmailDomains],
    version: page.access.version,
  },
  created_at: page.createdAt,
  updated_at: page.updatedAt,
});

const slugPut = (page: StoredStatusPage): TableTransactItem => ({
  Put: {
    Item: { ...statusSlugKey(page.slug), entity: ENTITY.statusSlug, slug: page.slug, user_id: page.userId, page_id: page.id },
    ConditionExpression: 'attribute_not_exists(PK)',
  },
});

/** Deletes a slug's lookup only while it still leads to this page. */
const slugDelete = (slug: string, pageId: string): TableTransactItem => ({
  Delete: { Key: statusSlugKey(slug), ConditionExpression: 'page_id = :page', ExpressionAttributeValues: { ':page': pageId } },
});

export const listStatusPages = async (userId: string): Promise<StoredStatusPage[]> => {
  const items = await queryAll({
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
    ExpressionAttributeValues: { ':pk': userKey(userId).PK, ':prefix': STATUS_PAGE_SK_PREFIX },
    ConsistentRead: true,
  });
  return items.map(toPage);
};

/** One page of a user; null when the user has no such page. `consistent: false` for the public page's reads (half the cost). */
export const getStatusPage = async (userId: string, pageId: string, opts: { consistent?: boolean } = {}): Promise<StoredStatusPage | null> => {
  const { Item } = await table.get({ Key: statusPageKey(userId, pageId), ConsistentRead: opts.consistent ?? true });
  return Item ? toPage(Item) : null;
};

/** The page a slug leads to (keys.ts 51), or null. Eventually consistent: the public page reads it. */
export const findStatusSlug = async (slug: string): Promise<StatusSlugTarget | null> => {
  const { Item } = await table.get({ Key: statusSlugKey(slug) });
  return Item ? { userId: String(Item.user_id), pageId: String(Item.page_id) } : null;
};

/**
 * Adds a page with its slug while the user has fewer than `cap` pages: 'slug_taken' when another
 * page (any account's) holds the slug, 'limit_reached' at the cap, 'account_gone' when the account
 * is being erased.
 */
export const createStatusPage = async (
  page: StoredStatusPage,
  cap: number,
): Promise<'created' | 'slug_taken' | 'limit_reached' | 'account_gone'> => {
  const refused = await transactIfAllowed(
    [
      {
        Update: {
          Key: userKey(page.userId),
          UpdateExpression: 'SET status_page_count = if_not_exists(status_page_count, :zero) + :one',
          ConditionExpression:
            'attribute_exists(PK) AND attribute_not_exists(deletion_started_at) AND (attribute_not_exists(status_page_count) OR status_page_count < :cap)',
          ExpressionAttributeValues: { ':zero': 0, ':one': 1, ':cap': cap },
        },
      },
      slugPut(page),
      { Put: { Item: pageItem(page), ConditionExpression: 'attribute_not_exists(PK)' } },
    ],
    { 0: 'refused' as const, 1: 'slug_taken' as const },
  );
  if (refused === null) return 'created';
  if (refused === 'slug_taken') return 'slug_taken';
  const { Item } = await table.get({ Key: userKey(page.userId), ProjectionExpression: 'deletion_started_at' });
  return !Item || Item.deletion_started_at ? 'account_gone' : 'limit_reached';
};

/**
 * Writes a page as `next`, expecting it as `previous` was read (its `updated_at`), so two edits
 * never interleave. A changed slug moves its lookup in the same transaction. 'changed' when the
 * page is gone or was edited meanwhile; 'slug_taken' when another page holds the new slug.
 */
export const replaceStatusPage = async (
  previous: StoredStatusPage,
  next: StoredStatusPage,
): Promise<'saved' | 'changed' | 'slug_taken'> => {
  const slugMoves = previous.slug !== next.slug;
  const refused = await transactIfAllowed(
    [
      {
        Put: {
          Item: pageItem(next),
          ConditionExpression: 'attribute_exists(PK) AND updated_at = :seen',
          ExpressionAttributeValues: { ':seen': previous.updatedAt },
        },
      },
      ...(slugMoves ? [slugPut(next), slugDelete(previous.slug, previous.id)] : []),
    ],
    { 0: 'changed' as const, 1: 'slug_taken' as const },
  );
  return refused ?? 'saved';
};

/** Deletes a page, frees its slug and counts it off the profile; false when it was not there. */
export const deleteStatusPage = async (page: StoredStatusPage): Promise<boolean> => {
  const refused = await transactIfAllowed(
    [
      { Delete: { Key: statusPageKey(page.userId, page.id), ConditionExpression: 'attribute_exists(PK)' } },
      slugDelete(page.slug, page.id),
      {
        Update: {
          Key: userKey(page.userId),
          UpdateExpression: 'SET status_page_count = status_page_count - :one',
          ConditionExpression: 'status_page_count > :zero',
          ExpressionAttributeValues: { ':one': 1, ':zero': 0 },
        },
      },
    ],
    { 0: 'gone' as const },
  );
  return refused === null;
};

/** The slug lookups of a user's pages (keys.ts 51): outside the user's partition, so erasure deletes them by these keys. */
export const listStatusSlugKeysOfUser = async (userId: string): Promise<ItemKey[]> => {
  const items = await queryAll({
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
    ProjectionExpression: 'slug',
    ExpressionAttributeValues: { ':pk': userKey(userId).PK, ':prefix': STATUS_PAGE_SK_PREFIX },
    ConsistentRead: true,
  });
  return items.map((item) => statusSlugKey(String(item.slug)));
};
