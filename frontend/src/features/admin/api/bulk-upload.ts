import type { GlobalBulkUploadResult, SingleUserBulkUploadResult } from '../types';
import { ADMIN_PATHS, adminApi } from './admin-client';

const formOf = (file: File): FormData => {
  const form = new FormData();
  form.append('file', file, file.name);
  return form;
};

/** POST /api/admin/bulk-monitors-global: multipart, field `file`, rows carry user_email (docs/product-rules.md "Operator bulk upload"). */
export const uploadGlobalMonitors = (file: File): Promise<GlobalBulkUploadResult> =>
  adminApi.post<GlobalBulkUploadResult>(ADMIN_PATHS.globalBulkMonitors, formOf(file));

/** POST /api/admin/users/{id}/bulk-monitors: multipart, field `file`, for one user. */
export const uploadUserMonitors = (userId: string, file: File): Promise<SingleUserBulkUploadResult> =>
  adminApi.post<SingleUserBulkUploadResult>(ADMIN_PATHS.userBulkMonitors(userId), formOf(file));
