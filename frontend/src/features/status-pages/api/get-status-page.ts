import useSWR from 'swr';
import type { StatusPageView } from '@shared/status-pages/schemas.js';
import { apiPath, callApi } from '@/lib/api-client';

/** The SWR key of one page. */
export const statusPagePath = (id: string): string => apiPath('getStatusPage', { id });

/** GET /api/status-pages/{id}: one of the caller's pages; another account's is a 404. */
export const getStatusPage = (id: string): Promise<StatusPageView> => callApi('getStatusPage', { params: { id } });

/**
 * The edit form's page. Not revalidated on focus: the form takes its values once, and a fresh copy
 * under it would change nothing on screen.
 */
export const useStatusPage = (id: string) =>
  useSWR<StatusPageView, Error>(statusPagePath(id), () => getStatusPage(id), { revalidateOnFocus: false });
