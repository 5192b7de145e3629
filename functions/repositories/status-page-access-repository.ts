import { ENTITY, statusPageAccessLinkKey } from '../../shared/table/keys.js';
import * as table from './table-commands.js';

/**
 * Private status pages' sign-in links (keys.ts 62; docs/status-pages.md "Private pages"): kept under
 * the SHA-256 of the token, with the page, its owner, the access version the link was sent for and
 * `expires_at` (the table's TTL; DynamoDB deletes late, so it is also checked on use).
 */
export interface StatusPageAccessLink {
  tokenHash: string;
  userId: string;
  pageId: string;
  version: number;
  /** Epoch seconds. */
  expiresAt: number;
}

export const putAccessLink = async (link: StatusPageAccessLink): Promise<void> => {
  await table.put({
    Item: {
      ...statusPageAccessLinkKey(link.tokenHash),
      entity: ENTITY.statusPageAccessLink,
      user_id: link.userId,
      page_id: link.pageId,
      version: link.version,
      expires_at: link.expiresAt,
    },
  });
};

/** The link of a token hash, or null; an expired one is returned too (the caller checks `expiresAt`). */
export const getAccessLink = async (tokenHash: string): Promise<StatusPageAccessLink | null> => {
  const { Item } = await table.get({ Key: statusPageAccessLinkKey(tokenHash) });
  if (!Item) return null;
  return {
    tokenHash,
    userId: String(Item.user_id),
    pageId: String(Item.page_id),
    version: Number(Item.version),
    expiresAt: Number(Item.expires_at),
  };
};
