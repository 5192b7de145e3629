import { useSWRConfig } from 'swr';
import type { StatusPageView } from '@shared/status-pages/schemas.js';
import { callApi } from '@/lib/api-client';
import type { PageInput } from '../utils/page-form';
import { statusPagePath } from './get-status-page';
import { STATUS_PAGES_PATH } from './get-status-pages';

/** POST /api/status-pages. The server enforces the plan's page cap, the slug rules and that every monitor is the caller's. */
export const createStatusPage = (input: PageInput): Promise<StatusPageView> => callApi('createStatusPage', { body: input });

/** PUT /api/status-pages/{id}: the fields sent replace the page's. */
export const updateStatusPage = (id: string, input: PageInput): Promise<StatusPageView> =>
  callApi('updateStatusPage', { params: { id }, body: input });

/**
 * Saves a page (creates it when `id` is null), then puts the answer in the page's cache entry and
 * revalidates the list, so the screen it leads back to shows the page as saved.
 */
export const useSaveStatusPage = () => {
  const { mutate } = useSWRConfig();
  return async (id: string | null, input: PageInput): Promise<StatusPageView> => {
    const page = id ? await updateStatusPage(id, input) : await createStatusPage(input);
    await Promise.all([mutate(statusPagePath(page.id), page, { revalidate: false }), mutate(STATUS_PAGES_PATH)]);
    return page;
  };
};
