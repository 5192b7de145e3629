import { useSWRConfig } from 'swr';
import { callApi } from '@/lib/api-client';
import { STATUS_PAGES_PATH } from './get-status-pages';

/** DELETE /api/status-pages/{id}: the page goes, its slug is free, its place under the plan's cap is given back. */
export const deleteStatusPage = async (id: string): Promise<void> => {
  await callApi('deleteStatusPage', { params: { id } });
};

/** Deletes a page, then revalidates the list (its count and the create button follow). */
export const useDeleteStatusPage = () => {
  const { mutate } = useSWRConfig();
  return async (id: string): Promise<void> => {
    await deleteStatusPage(id);
    await mutate(STATUS_PAGES_PATH);
  };
};
