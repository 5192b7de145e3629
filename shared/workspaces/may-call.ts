import { ROUTES, type RouteName, type RouteRole } from '../api/routes.js';
import { roleAllows, type WorkspaceRole } from './roles.js';

const roleByRoute = new Map<string, RouteRole | undefined>(ROUTES.map((route) => [route.name, 'role' in route ? route.role : undefined]));

/**
 * Whether a person with `role` in a workspace may call the route `name` (docs/teams.md "Choosing a
 * workspace"). It reads the same `role` column of shared/api/routes.ts that the server's caller
 * check enforces, so a screen hides exactly the actions the server would refuse; the server stays
 * the authority. A personal route is always allowed; a public or operator route is not a
 * workspace action and is never offered by this check.
 */
export const mayCall = (name: RouteName, role: WorkspaceRole): boolean => {
  const required = roleByRoute.get(name);
  if (required === undefined) return false;
  return required === 'personal' || roleAllows(role, required);
};
