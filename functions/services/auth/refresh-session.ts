import type { RefreshSessionInput } from '../../../shared/auth/schemas.js';
import { refreshTokens } from '../../repositories/identity-session-repository.js';
import { getUserProfile } from '../../repositories/user-repository.js';
import { expiresInSeconds, readAccessToken } from './access-token.js';
import { sessionExpired } from './auth-errors.js';
import { renewSessionOf } from './sessions.js';

export interface RefreshedSession {
  access_token: string;
  expires_in: number;
  token_type: 'Bearer';
}

/**
 * A new access token for a refresh token; 401 if Cognito refuses it, the account is gone,
 * unverified or deactivated (the same rule as every signed-in route, functions/http/caller.ts), or
 * the session the refresh token opened was signed out or is an operator's past its short lifetime.
 */
export const refreshSession = async ({ input }: { input: RefreshSessionInput }): Promise<RefreshedSession> => {
  const tokens = await refreshTokens(input.refresh_token);
  if (!tokens) throw sessionExpired();
  const token = readAccessToken(tokens.accessToken);
  const profile = await getUserProfile(token.sub);
  if (!profile || !profile.email_verified || !profile.is_active) throw sessionExpired();
  // Cognito's word is not enough: the session must still be open here (docs/security.md "Tokens and sessions").
  if (!(await renewSessionOf(input.refresh_token, tokens.accessToken))) throw sessionExpired();
  return {
    access_token: tokens.accessToken,
    expires_in: expiresInSeconds(tokens.expiresIn, token),
    token_type: 'Bearer',
  };
};
