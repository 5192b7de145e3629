import { useSWRConfig } from 'swr';
import type { BulkUploadResult } from '../../../../../shared/monitors/bulk-upload.js';
import { api } from '../../../lib/api-client';
import { SUBSCRIPTION_LIMITS_PATH } from '../../../lib/subscription';
import { isMonitorsKey } from './get-monitors';

/** POST /api/monitors/bulk-upload: the CSV as multipart/form-data, field `file` (spec §7). */
export const uploadMonitorsCsv = (file: File): Promise<BulkUploadResult> => {
  const form = new FormData();
  form.append('file', file, file.name);
  return api.post<BulkUploadResult>('/api/monitors/bulk-upload', form);
};

/** Revalidates what an upload changed: every cached page of the list and the plan usage. */
export const useReloadAfterUpload = () => {
  const { mutate } = useSWRConfig();
  return async (): Promise<void> => {
    await Promise.all([mutate(isMonitorsKey), mutate(SUBSCRIPTION_LIMITS_PATH)]);
  };
};
