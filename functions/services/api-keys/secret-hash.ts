import { createHash } from 'node:crypto';

/** The SHA-256 (hex) of an API key's secret: what the table keeps instead of it (keys.ts pattern 70). */
export const secretSha256 = (secret: string): string => createHash('sha256').update(secret, 'utf8').digest('hex');
