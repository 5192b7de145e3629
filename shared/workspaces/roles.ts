/**
 * Workspace roles (docs/teams.md "Roles"). Each role may do everything the roles below it may:
 * a viewer reads; a member also runs the monitoring (monitors, status pages, incidents,
 * maintenance); an admin also manages the people and the wiring (members, invitations, alert
 * channels, alert rules, API keys); an owner also pays, transfers ownership and deletes.
 */
export const WORKSPACE_ROLES = ['viewer', 'member', 'admin', 'owner'] as const;
export type WorkspaceRole = (typeof WORKSPACE_ROLES)[number];

const RANK: Record<WorkspaceRole, number> = { viewer: 0, member: 1, admin: 2, owner: 3 };

/** Whether `role` may do what `required` may. */
export const roleAllows = (role: WorkspaceRole, required: WorkspaceRole): boolean => RANK[role] >= RANK[required];

export const isWorkspaceRole = (value: unknown): value is WorkspaceRole =>
  typeof value === 'string' && (WORKSPACE_ROLES as readonly string[]).includes(value);

/** How each role is named on screen and in error details. */
export const ROLE_LABELS: Record<WorkspaceRole, string> = {
  viewer: 'Viewer',
  member: 'Member',
  admin: 'Admin',
  owner: 'Owner',
};

/** What each role adds, for the members screen and the pricing page. */
export const ROLE_DESCRIPTIONS: Record<WorkspaceRole, string> = {
  viewer: 'Sees everything in the workspace; changes nothing.',
  member: 'Adds and edits monitors, status pages, incidents and maintenance windows.',
  admin: 'Also manages members, invitations, alert channels, alert rules and API keys.',
  owner: 'Also manages billing, transfers ownership and deletes the workspace.',
};

/** The 403 detail when a role is below what a route needs: it names the caller's role and the one needed. */
export const roleTooLowDetail = (role: WorkspaceRole, required: WorkspaceRole): string =>
  `Your role in this workspace is ${ROLE_LABELS[role]}; this needs ${ROLE_LABELS[required]} or higher.`;

/**
 * The header the SPA sends with the workspace it shows (docs/teams.md "Choosing a workspace").
 * Without it, a request acts in the caller's own workspace.
 */
export const WORKSPACE_HEADER = 'x-workspace-id';
