import type { ApplicationErrorType } from '../types';
import { useAdminList } from './admin-list';

export type ResolvedFilter = 'all' | 'open' | 'resolved';

/** GET /api/admin/application-errors: optional error_type, optional resolved=true|false. */
export const useApplicationErrors = (page: number, errorType: ApplicationErrorType | 'all', resolved: ResolvedFilter) =>
  useAdminList('adminListApplicationErrors', page, {
    error_type: errorType === 'all' ? undefined : errorType,
    resolved: resolved === 'all' ? undefined : resolved === 'resolved',
  });
