import { mayCall } from '@shared/workspaces/may-call';
import { useWorkspaceRole } from '@/lib/workspace';
import { SETTINGS_SECTIONS } from '../utils/sections';

/**
 * The Settings sections this person is offered in the workspace on screen: every section, less
 * those whose one route their role may not call (utils/sections.ts `readsRoute`; the same role
 * column the server checks). While the role is not known yet, those sections wait.
 */
export const useVisibleSections = () => {
  const role = useWorkspaceRole();
  return SETTINGS_SECTIONS.filter((section) => !('readsRoute' in section) || (role !== null && mayCall(section.readsRoute, role)));
};
