/**
 * The invitation link a signed-out visitor opened (docs/teams.md "Members and invitations"): kept
 * in sessionStorage while they sign in or register, so the sign-in page sends them back to it.
 */
const STORAGE_KEY = 'upwatch.invitation-return';

/** Remembers the accept page's address (path and token) before sending the visitor to sign in. */
export const rememberInvitationReturn = (path: string): void => {
  try {
    sessionStorage.setItem(STORAGE_KEY, path);
  } catch {
    // Storage refused (private mode): the visitor opens the mailed link again after signing in.
  }
};

/** The accept page to return to, if one was remembered; it stays until the page is opened. */
export const peekInvitationReturn = (): string | null => {
  try {
    const path = sessionStorage.getItem(STORAGE_KEY);
    return path?.startsWith('/invitations/accept?') ? path : null;
  } catch {
    return null;
  }
};

/** Forgets it once the accept page has been reached signed in. */
export const clearInvitationReturn = (): void => {
  try {
    sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    // nothing remembered
  }
};
