import { useSWRConfig } from 'swr';
import type { AccountAlertRules, AlertRules } from '@shared/alerts/rules.js';
import { callApi } from '@/lib/api-client';
import { ALERT_RULES_PATH } from '@/lib/alert-rules';

/** PUT /api/alert-rules: the account's default rules (anything but the defaults is Pro and up; the server says so otherwise). */
export const updateAlertRules = (rules: AlertRules): Promise<AccountAlertRules> => callApi('updateAlertRules', { body: rules });

/** Saves the account's rules and puts the server's answer in the shared cache (the monitor form and page read it too). */
export const useUpdateAlertRules = () => {
  const { mutate } = useSWRConfig();
  return async (rules: AlertRules): Promise<AccountAlertRules> => {
    const saved = await updateAlertRules(rules);
    await mutate(ALERT_RULES_PATH, saved, { revalidate: false });
    return saved;
  };
};
