import { callApi } from '@/lib/api-client';
import type { GlobalBulkUploadResult } from '../types';

/** POST /api/admin/bulk-monitors-global: multipart, field `file`, rows carry user_email. */
export const uploadGlobalMonitors = (file: File): Promise<GlobalBulkUploadResult> => {
  const form = new FormData();
  form.append('file', file, file.name);
  return callApi('adminBulkMonitorsGlobal', { body: form });
};
