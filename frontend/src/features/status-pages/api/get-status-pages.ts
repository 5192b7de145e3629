import useSWR from 'swr';
import type { StatusPageList } from '@shared/status-pages/schemas.js';
import { apiPath, callApi } from '@/lib/api-client';

/** The SWR key of the account's pages: every save and delete revalidates it. */
export const STATUS_PAGES_PATH = apiPath('listStatusPages');

/** GET /api/status-pages: the account's pages and its plan's allowance (docs/status-pages.md "Plans"). */
export const getStatusPages = (): Promise<StatusPageList> => callApi('listStatusPages');

/** The list screen's data; revalidated on focus (SWR's default), so a page changed in another tab shows. */
export const useStatusPages = () => useSWR<StatusPageList, Error>(STATUS_PAGES_PATH, getStatusPages);
