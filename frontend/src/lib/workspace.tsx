/**
 * The workspace the screens show, for every part of the signed-in app (docs/teams.md "Choosing a
 * workspace"): the list the header's switcher offers (`GET /api/workspaces`), the current one with
 * the person's role and its tier, switching, and the way back when the person was removed.
 * The id itself lives in workspace-selection.ts, which api-client.ts reads for `X-Workspace-Id`.
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import type { WorkspaceList, WorkspaceSummary } from '@shared/workspaces/schemas.js';
import type { WorkspaceRole } from '@shared/workspaces/roles.js';
import type { TierId } from '@shared/tiers.js';
import type { RouteName } from '@shared/api/routes.js';
import { mayCall } from '@shared/workspaces/may-call.js';
import { apiPath, callApi } from './api-client';
import { ME_KEY, useAuth } from './session';
import { onWorkspaceLost, readStoredWorkspace, resetWorkspaceSelection, selectWorkspace, selectedWorkspace } from './workspace-selection';

export const WORKSPACES_KEY = apiPath('listWorkspaces');

/** The notice shown once after the server refused a workspace the person was removed from. */
export const removedNotice = (name: string): string => `You are no longer a member of ${name}.`;

export interface WorkspaceContextValue {
  /** Every workspace the person belongs to; empty until the list has loaded. */
  workspaces: readonly WorkspaceSummary[];
  /** The id every call acts in: the chosen one, or the person's own. */
  currentId: string;
  /** The current workspace as the list describes it; null until the list has loaded. */
  current: WorkspaceSummary | null;
  /** The person's role in the current workspace; null while it is not known yet. */
  role: WorkspaceRole | null;
  switchTo: (workspaceId: string) => void;
  /** "You are no longer a member of ..." after a removal, until dismissed. */
  notice: string | null;
  dismissNotice: () => void;
}

/**
 * Outside the signed-in shell (a screen rendered on its own, as its component test does) calls
 * carry no `X-Workspace-Id`, so they act in the person's own workspace, which they own: the
 * screens show what its owner may do, and the server still refuses anything else.
 */
const OWN_WORKSPACE_OUTSIDE_SHELL: WorkspaceContextValue = {
  workspaces: [],
  currentId: '',
  current: null,
  role: 'owner',
  switchTo: () => undefined,
  notice: null,
  dismissNotice: () => undefined,
};

/** Provided by WorkspaceProvider; a screen rendered on its own (a component test) may provide its own value. */
export const WorkspaceContext = createContext<WorkspaceContextValue>(OWN_WORKSPACE_OUTSIDE_SHELL);

/** Everything but the person and the list of workspaces belongs to the workspace shown. */
const belongsToWorkspace = (key: unknown): boolean => key !== ME_KEY && key !== WORKSPACES_KEY;

/** Mounted inside AuthProvider: keeps the selection for the signed-in person and the switcher's list. */
export function WorkspaceProvider({ children }: { children: ReactNode }) {
  const { user, status } = useAuth();
  const userId = status === 'signed-in' ? (user?.id ?? null) : null;
  const { mutate } = useSWRConfig();
  const { data } = useSWR<WorkspaceList>(userId ? WORKSPACES_KEY : null, () => callApi('listWorkspaces'));
  const [notice, setNotice] = useState<string | null>(null);
  const [chosen, setChosen] = useState<{ userId: string; id: string | null } | null>(null);

  // The choice is applied while rendering, before the screens below start their requests, so the
  // first request already names the remembered workspace (as session.tsx sets the time zone).
  if (userId && chosen?.userId !== userId) {
    const stored = readStoredWorkspace(userId);
    selectWorkspace(userId, stored);
    setChosen({ userId, id: stored });
  }
  if (!userId && chosen) {
    resetWorkspaceSelection();
    setChosen(null);
  }

  const currentId = (chosen?.userId === userId ? chosen?.id : null) || userId || '';
  const workspaces = useMemo(() => data?.workspaces ?? [], [data]);
  const listRef = useRef(workspaces);
  listRef.current = workspaces;

  const switchTo = useCallback(
    (workspaceId: string) => {
      if (!userId) return;
      selectWorkspace(userId, workspaceId);
      setChosen({ userId, id: selectedWorkspace() });
      // Nothing of the previous workspace may show: drop its answers, refetch what is on screen.
      void mutate(belongsToWorkspace, undefined, { revalidate: true });
    },
    [userId, mutate],
  );

  useEffect(() => {
    if (!userId) return;
    onWorkspaceLost((lostId) => {
      const name = listRef.current.find((workspace) => workspace.id === lostId)?.name;
      setNotice(removedNotice(name ?? 'that workspace'));
      switchTo(userId);
      void mutate(WORKSPACES_KEY);
    });
    return () => onWorkspaceLost(null);
  }, [userId, switchTo, mutate]);

  // A remembered workspace the person no longer belongs to (removed while away): back to their own.
  useEffect(() => {
    if (userId && data && currentId !== userId && !data.workspaces.some((workspace) => workspace.id === currentId)) switchTo(userId);
  }, [userId, data, currentId, switchTo]);

  const current = workspaces.find((workspace) => workspace.id === currentId) ?? null;
  // The own workspace is the person's to own until the list says otherwise (after a transfer).
  const role: WorkspaceRole | null = current?.role ?? (currentId && currentId === userId ? 'owner' : null);
  const dismissNotice = useCallback(() => setNotice(null), []);

  const value = useMemo(
    () => ({ workspaces, currentId, current, role, switchTo, notice, dismissNotice }),
    [workspaces, currentId, current, role, switchTo, notice, dismissNotice],
  );
  return <WorkspaceContext.Provider value={value}>{children}</WorkspaceContext.Provider>;
}

/** The workspace on screen, its list, switching and the removal notice (WorkspaceProvider). */
export const useWorkspace = (): WorkspaceContextValue => useContext(WorkspaceContext);

/** The person's role in the workspace on screen; null while not known (screens then offer no writes). */
export const useWorkspaceRole = (): WorkspaceRole | null => useWorkspace().role;

/**
 * Whether the person may call route `name` in the workspace on screen (shared/workspaces/may-call.ts,
 * the same table the server checks): screens hide, not disable, what this says no to.
 */
export const useMayCall = (name: RouteName): boolean => {
  const role = useWorkspaceRole();
  return role !== null && mayCall(name, role);
};

/**
 * The plan of the workspace on screen: the header's tier badge and every limit a screen shows. The
 * own workspace's comes from the person's profile (refreshed every 30 s and on a plan push); another
 * one's from the switcher's list.
 */
export const useWorkspaceTier = (): TierId => {
  const { user } = useAuth();
  const { current, currentId } = useWorkspace();
  const own = !currentId || currentId === user?.id;
  return (own ? user?.subscription_tier : current?.tier) ?? 'free';
};
