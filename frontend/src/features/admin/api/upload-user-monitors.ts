import { callApi } from '@/lib/api-client';
import type { SingleUserBulkUploadResult } from '../types';

/** POST /api/admin/users/{id}/bulk-monitors: multipart, field `file`, for one user. */
export const uploadUserMonitors = (userId: string, file: File): Promise<SingleUserBulkUploadResult> => {
  const form = new FormData();
  form.append('file', file, file.name);
  return callApi('adminBulkMonitorsForUser', { params: { id: userId }, body: form });
};
