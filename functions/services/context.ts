import type { UserProfile } from '../repositories/user-repository.js';

/** Who is calling: taken from the verified access token's claims by the HTTP layer. */
export interface AuthContext {
  /** The Cognito `sub`, which is also the user's id in the table. */
  userId: string;
  /** Member of the Cognito `admin` group. */
  isAdmin: boolean;
}

/**
 * A caller the handler chain has let in (functions/http/caller.ts): the token is an access token of
 * our app client, and the profile, read once for this request, exists, is verified and is active.
 * Services take this and never look the caller up again to decide access (docs/security.md).
 */
export interface CallerContext extends AuthContext {
  profile: UserProfile;
}
