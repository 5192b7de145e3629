import type { BulkUploadResult } from '@shared/monitors/bulk-upload.js';
import { callApi } from '@/lib/api-client';
import { useRevalidateLiveData } from '@/lib/live';

/** POST /api/monitors/bulk-upload: the CSV as multipart/form-data, field `file` (docs/product-rules.md "Bulk upload"). */
export const uploadMonitorsCsv = (file: File): Promise<BulkUploadResult> => {
  const form = new FormData();
  form.append('file', file, file.name);
  return callApi('bulkUploadMonitors', { body: form });
};

/** Revalidates what an upload changed: every live screen (lists, dashboard, plan usage). */
export const useReloadAfterUpload = useRevalidateLiveData;
