import type { IncidentList, ListIncidentsQuery } from '../../../shared/incidents/schemas.js';
import { listUserIncidents } from '../../repositories/incident-repository.js';
import type { AuthContext } from '../context.js';
import { selectIncidentPage } from './incident-list.js';

export const listIncidents = async ({ ctx, query }: { ctx: AuthContext; query: ListIncidentsQuery }): Promise<IncidentList> =>
  selectIncidentPage(await listUserIncidents(ctx.userId), query);
