import type { ItemKey } from '../keys.js';

/**
 * Keys of two-factor sign-in (patterns 73-74; docs/security.md "Two-factor sign-in"): a person's
 * settings live in their own partition, so erasure takes them with it; an operator token's pass
 * of the second step is keyed by the token's `jti` and expires with the token.
 */

/** A person's two-factor settings (pattern 73). */
export const twoFactorKey = (userId: string): ItemKey => ({ PK: `USER#${userId}`, SK: 'TWO_FACTOR' });

/** An operator access token that passed the second step (pattern 74). */
export const operatorSecondFactorKey = (tokenId: string): ItemKey => ({ PK: `OPERATOR_2FA#${tokenId}`, SK: 'OPERATOR_2FA' });
