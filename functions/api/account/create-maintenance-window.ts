import { MaintenanceWindowInput } from '../../../shared/maintenance/schemas.js';
import { apiHandler } from '../../http/api-handler.js';
import { created } from '../../http/responses.js';
import { createWindowOfCaller } from '../../services/maintenance/save-window.js';

export const handler = apiHandler(MaintenanceWindowInput, async ({ ctx, body }) => created(await createWindowOfCaller({ ctx, input: body })));
