import { storeToken, type TokenKind } from '../../repositories/token-repository.js';
import { epochSeconds, hashToken, newOneTimeToken } from './one-time-token.js';

/** A fresh one-time token of `kind` for the user: only its hash is stored; the token goes in the link. */
export const issueOneTimeToken = async (kind: TokenKind, userId: string, lifetimeSeconds: number): Promise<string> => {
  const token = newOneTimeToken();
  await storeToken({ hash: hashToken(token), kind, userId, expiresAt: epochSeconds() + lifetimeSeconds });
  return token;
};
