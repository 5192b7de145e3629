/**
 * The sessions a person has open, as Settings -> Security lists them (docs/security.md "Tokens and
 * sessions"): one per sign-in, ended by signing out on that device, from the list, or everywhere.
 */
export interface SessionView {
  id: string;
  /** "Chrome on macOS" (shared/auth/device-name.ts). */
  device: string;
  /** The address it signed in from. */
  ip: string;
  signed_in_at: string;
  /** The last sign-in or token renewal of the session. */
  last_seen_at: string;
  /** The session this request is made with. */
  current: boolean;
}

export interface SessionListResponse {
  sessions: SessionView[];
}

export interface SignedOutResponse {
  /** How many sessions ended. */
  signed_out: number;
}

/**
 * An operator's session is short (docs/security.md "Tokens and sessions"): its refresh token renews
 * it for this long after sign-in, then the operator signs in again.
 */
export const OPERATOR_SESSION_HOURS = 12;
