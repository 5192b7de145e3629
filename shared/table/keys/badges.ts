import type { ItemKey } from '../keys.js';

/**
 * A monitor's badge token -> the monitor (pattern 50; docs/status-pages.md "Badges"). The key holds
 * only the token's SHA-256; the token itself is kept in the owner's monitor item, so the monitor page
 * can show the links again.
 */
export const badgeLookupKey = (tokenHash: string): ItemKey => ({ PK: `BADGE#${tokenHash}`, SK: 'BADGE' });
