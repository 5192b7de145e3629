import useSWR from 'swr';
import type { TimezoneList } from '@shared/account/timezones.js';
import { apiPath, callApi } from '@/lib/api-client';

/** GET /api/user/timezones: the zones to pick from and the user's own, the form's default. */
export const useTimezoneChoices = () =>
  useSWR<TimezoneList, Error>(apiPath('listTimezones'), () => callApi('listTimezones'), { revalidateOnFocus: false });
