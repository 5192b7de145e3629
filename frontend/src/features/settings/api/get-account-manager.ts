import useSWR from 'swr';
import type { AccountManagerView } from '@shared/support/account-manager.js';
import { apiPath, callApi } from '@/lib/api-client';

/** GET /api/account-manager: the workspace's named account manager, when its plan includes one (docs/product-rules.md "Account manager"). */
export const getAccountManager = (): Promise<AccountManagerView> => callApi('getAccountManager');

export const useAccountManager = () => useSWR<AccountManagerView, Error>(apiPath('getAccountManager'), getAccountManager);
