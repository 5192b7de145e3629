import { callApi } from '@/lib/api-client';

/** PUT /api/admin/application-errors/{id}/resolve, no body; open -> resolved, never back. */
export const resolveApplicationError = (id: string): Promise<unknown> => callApi('adminResolveApplicationError', { params: { id } });
