import type { ItemKey } from '../keys.js';

/**
 * Keys of private status pages' sign-in links (pattern 62; docs/status-pages.md "Private pages").
 * The access patterns are listed in ../keys.ts. A link is found by the SHA-256 of its token alone,
 * so the table never holds a working link.
 */

/** A magic sign-in link by the hash of its token (pattern 62; TTL). */
export const statusPageAccessLinkKey = (tokenHash: string): ItemKey => ({ PK: `SP_ACCESS#${tokenHash}`, SK: 'SP_ACCESS' });
