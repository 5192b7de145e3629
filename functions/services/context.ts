import type { ApiKeyScope } from '../../shared/workspaces/api-keys.js';
import type { WorkspaceRole } from '../../shared/workspaces/roles.js';
import type { UserProfile } from '../repositories/user-repository.js';

/** Who is calling: taken from the verified access token's claims by the HTTP layer. */
export interface AuthContext {
  /** The Cognito `sub`, which is also the user's id in the table. */
  userId: string;
  /** Member of the Cognito `admin` group. */
  isAdmin: boolean;
  /**
   * The access token's `jti` and expiry (epoch seconds), when it has them: the caller check finds the
   * token's session by the `jti` (docs/security.md "Tokens and sessions"), and an operator's pass of
   * the second step is kept by both (docs/security.md "Two-factor sign-in").
   */
  tokenId?: string;
  tokenExpiresAtEpoch?: number;
}

/**
 * A caller the handler chain has let in (functions/http/caller.ts): the token is an access token of
 * our app client, and the profile, read once for this request, exists, is verified and is active.
 * Services take this and never look the caller up again to decide access (docs/security.md).
 */
export interface CallerContext extends AuthContext {
  /** The person calling. */
  profile: UserProfile;
  /**
   * The workspace the request acts in (docs/teams.md "Choosing a workspace"): every monitor,
   * incident, channel, page, window and payment is read and written under this id, never under
   * `userId`. For a personal route it is the caller's own workspace.
   */
  workspaceId: string;
  /** The caller's role in that workspace; the route's required role was checked against it. */
  role: WorkspaceRole;
  /**
   * The workspace's account: the founder's profile, whose tier and counters are the workspace's
   * (docs/teams.md "Storage"). The same object as `profile` in the caller's own workspace.
   */
  account: UserProfile;
  /** The session the request is made with (none for an API key): Settings -> Security marks it "this device". */
  sessionId?: string;
  /** The client IP the request came from (functions/http/client-address.ts), for the audit log. */
  clientIp: string;
  /**
   * Set when an API key, not a person's session, makes the request: the key's name and prefix, which
   * the audit log shows as the actor (`userId` is then the key's creator).
   */
  actorLabel?: string;
  /** Set when an API key makes the request (docs/api.md "Authentication"): which key, and its scope. */
  apiKey?: CallingKey;
}

/** The API key a request was made with. */
export interface CallingKey {
  id: string;
  name: string;
  /** The characters after `uw_` that are shown. */
  prefix: string;
  scope: ApiKeyScope;
  expires_at: string | null;
}
