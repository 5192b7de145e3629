import useSWR from 'swr';
import { reportFileName } from '@shared/sla/report.js';
import type { SlaMonthList, SlaTargetsView } from '@shared/sla/views.js';
import { apiPath, callApi, download } from '@/lib/api-client';
import { saveFile } from '@/utils/save-file';

export const SLA_MONTHS_PATH = apiPath('listSlaMonths');
export const SLA_TARGETS_PATH = apiPath('getSlaTargets');

/** GET /api/sla/reports: the months with a report (docs/sla-reports.md "Months"). */
export const useSlaMonths = () => useSWR<SlaMonthList, Error>(SLA_MONTHS_PATH, () => callApi('listSlaMonths'));

/** GET /api/sla/target: the workspace's target and the form's choices. */
export const useSlaTargets = () => useSWR<SlaTargetsView, Error>(SLA_TARGETS_PATH, () => callApi('getSlaTargets'));

/** PUT /api/sla/target. */
export const setSlaTarget = (targetPercent: number): Promise<SlaTargetsView> =>
  callApi('setSlaTarget', { body: { target_percent: targetPercent } });

/** GET /api/sla/reports/{month}?format=pdf|csv, saved under the server's file name. */
export const downloadSlaReport = async (month: string, format: 'pdf' | 'csv'): Promise<string> => {
  const file = await download(apiPath('getSlaReport', { month }), { query: { format } });
  const filename = file.filename ?? reportFileName(month, format);
  saveFile(file.blob, filename);
  return filename;
};
