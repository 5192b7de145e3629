import type { ItemKey } from '../keys.js';

/**
 * Keys of two-factor sign-in (pattern 73; docs/security.md "Two-factor sign-in"): a person's
 * settings live in their own partition, so erasure takes them with it. An operator token's pass of
 * the second step is a flag on its session token row (pattern 77), read by the caller check.
 */

/** A person's two-factor settings (pattern 73). */
export const twoFactorKey = (userId: string): ItemKey => ({ PK: `USER#${userId}`, SK: 'TWO_FACTOR' });
