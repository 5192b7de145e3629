import { createHash, randomBytes } from 'node:crypto';

/**
 * One-time link tokens (e-mail verification, password reset): 32 random bytes, URL-safe. Only the
 * SHA-256 of a token is stored, so the table alone never yields a working link.
 */
export const newOneTimeToken = (): string => randomBytes(32).toString('base64url');

export const hashToken = (token: string): string => createHash('sha256').update(token, 'utf8').digest('hex');

export const VERIFY_EMAIL_TOKEN_LIFETIME_SECONDS = 24 * 60 * 60;

/** docs/product-rules.md "Auth flows and token lifetimes": the reset link expires in 1 hour. */
export const RESET_PASSWORD_TOKEN_LIFETIME_SECONDS = 60 * 60;

export const epochSeconds = (at: Date = new Date()): number => Math.floor(at.getTime() / 1000);
