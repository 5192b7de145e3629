/**
 * Which workspace the SPA shows (docs/teams.md "Choosing a workspace"), outside React so the one
 * HTTP client (api-client.ts) can send it as `X-Workspace-Id` on every signed-in call. The choice is
 * remembered per person in localStorage (`upwatch.workspace.<user id>`), so two people sharing a
 * browser each come back to their own choice; with none, the person's own workspace is shown.
 */
const STORAGE_PREFIX = 'upwatch.workspace.';

let selected: string | null = null;
let lostListener: ((workspaceId: string) => void) | null = null;

const storageKey = (userId: string): string => `${STORAGE_PREFIX}${userId}`;

/** The workspace the person chose last time in this browser, or null (their own). */
export const readStoredWorkspace = (userId: string): string | null => {
  try {
    return globalThis.localStorage?.getItem(storageKey(userId)) || null;
  } catch {
    return null;
  }
};

/**
 * Makes `workspaceId` the one every following call acts in and remembers it for `userId`; null
 * (or the person's own id) goes back to their own workspace, which needs no header.
 */
export const selectWorkspace = (userId: string, workspaceId: string | null): void => {
  selected = workspaceId && workspaceId !== userId ? workspaceId : null;
  try {
    if (selected) globalThis.localStorage?.setItem(storageKey(userId), selected);
    else globalThis.localStorage?.removeItem(storageKey(userId));
  } catch {
    // storage refused (private mode): the choice lasts until the tab closes
  }
};

/** Forgets the choice for this tab (signing out): the next person starts in their own workspace. */
export const resetWorkspaceSelection = (): void => {
  selected = null;
};

/** The id api-client.ts sends as `X-Workspace-Id`; null for the person's own workspace (no header). */
export const selectedWorkspace = (): string | null => selected;

/**
 * Registers who hears that the server refused the selected workspace (404 `WORKSPACE_NOT_FOUND`:
 * the person was removed from it). The workspace provider switches back to the own workspace.
 */
export const onWorkspaceLost = (listener: ((workspaceId: string) => void) | null): void => {
  lostListener = listener;
};

/** Called by api-client.ts when a call that named `workspaceId` was answered `WORKSPACE_NOT_FOUND`. */
export const reportWorkspaceLost = (workspaceId: string): void => {
  if (workspaceId === selected) lostListener?.(workspaceId);
};
