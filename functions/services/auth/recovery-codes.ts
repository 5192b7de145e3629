import { createHash, randomInt } from 'node:crypto';
import { RECOVERY_CODE_COUNT, recoveryCodeOf } from '../../../shared/auth/two-factor.js';

/**
 * Recovery codes (docs/security.md "Two-factor sign-in"): ten codes of 10 characters from a
 * 31-character alphabet (about 49 bits each), shown once as `xxxxx-xxxxx`. Only the SHA-256 of each is
 * stored: with that much entropy a plain hash cannot be reversed by guessing, and a slow hash
 * would buy nothing. A code is single-use: using it deletes its hash.
 */

// No 0/o, 1/l/i: easy to read off a printout.
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const LENGTH = 10;

const newRecoveryCode = (): string => {
  let plain = '';
  for (let i = 0; i < LENGTH; i += 1) plain += ALPHABET[randomInt(ALPHABET.length)];
  return `${plain.slice(0, 5)}-${plain.slice(5)}`;
};

/** A fresh set, as shown to the user. */
export const newRecoveryCodes = (): string[] => Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);

/** The stored form of a code as typed (any case, dash or not), or null when it is not one. */
export const hashRecoveryCode = (typed: string): string | null => {
  const plain = recoveryCodeOf(typed);
  return plain ? createHash('sha256').update(plain, 'utf8').digest('hex') : null;
};
