import type { TierId } from '../tiers.js';
import type { WorkspaceRole } from './roles.js';

/** One workspace in the switcher (docs/teams.md "Choosing a workspace"). */
export interface WorkspaceSummary {
  id: string;
  name: string;
  /** The caller's role there. */
  role: WorkspaceRole;
  /** The workspace's plan: the header's tier badge. */
  tier: TierId;
  /** The workspace the caller's account founded (deleted with the account). */
  is_own: boolean;
}

export interface WorkspaceList {
  workspaces: WorkspaceSummary[];
  own_workspace_id: string;
}
