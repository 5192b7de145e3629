import type { IncidentList, ListIncidentsQuery } from '../../../shared/incidents/schemas.js';
import { listUserIncidents } from '../../repositories/incident-repository.js';
import type { CallerContext } from '../context.js';
import { selectIncidentPage } from './incident-list.js';

export const listIncidents = async ({ ctx, query }: { ctx: CallerContext; query: ListIncidentsQuery }): Promise<IncidentList> =>
  selectIncidentPage(await listUserIncidents(ctx.workspaceId), query);
