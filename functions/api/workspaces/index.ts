import { areaHandler } from '../../http/area-handler.js';
import { handler as listWorkspaces } from './list-workspaces.js';

export const handler = areaHandler('workspaces', {
  listWorkspaces,
});
