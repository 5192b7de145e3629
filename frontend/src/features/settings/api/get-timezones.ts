import useSWR from 'swr';
import type { TimezoneList } from '@shared/account/timezones.js';
import { apiPath, callApi } from '@/lib/api-client';

export const TIMEZONES_PATH = apiPath('listTimezones');

/** GET /api/user/timezones: every zone with its short current offset, and the saved one. */
export const getTimezones = (): Promise<TimezoneList> => callApi('listTimezones');

// The list changes only with the server's time-zone data: no need to fetch it again on focus.
export const useTimezones = () => useSWR<TimezoneList, Error>(TIMEZONES_PATH, getTimezones, { revalidateOnFocus: false });
