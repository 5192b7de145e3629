import type { ApplicationErrorList, ApplicationErrorType } from '../types';
import { ADMIN_PATHS, adminApi } from './admin-client';
import { useAdminList } from './lists';

export type ResolvedFilter = 'all' | 'open' | 'resolved';

/** GET /api/admin/application-errors: optional error_type, optional resolved=true|false (docs/product-rules.md "Application error log"). */
export const useApplicationErrors = (page: number, errorType: ApplicationErrorType | 'all', resolved: ResolvedFilter) =>
  useAdminList<ApplicationErrorList>(ADMIN_PATHS.applicationErrors, page, {
    error_type: errorType === 'all' ? undefined : errorType,
    resolved: resolved === 'all' ? undefined : resolved === 'resolved',
  });

/** PUT /api/admin/application-errors/{id}/resolve, no body; open -> resolved, never back. */
export const resolveApplicationError = (id: string): Promise<unknown> => adminApi.put(ADMIN_PATHS.resolveError(id));
