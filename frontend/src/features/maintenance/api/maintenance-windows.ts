import useSWR, { useSWRConfig } from 'swr';
import type {
  DeletedMaintenanceWindow,
  MaintenanceWindowBody,
  MaintenanceWindowList,
  MaintenanceWindowView,
} from '@shared/maintenance/schemas.js';
import { apiPath, callApi } from '@/lib/api-client';

export const MAINTENANCE_WINDOWS_PATH = apiPath('listMaintenanceWindows');

/** GET /api/maintenance-windows: the account's windows with their next occurrences. */
export const getMaintenanceWindows = (): Promise<MaintenanceWindowList> => callApi('listMaintenanceWindows');

export const useMaintenanceWindows = () => useSWR<MaintenanceWindowList, Error>(MAINTENANCE_WINDOWS_PATH, getMaintenanceWindows);

/** Creates a window (POST) or replaces one (PUT), then refreshes the list. */
export const useSaveMaintenanceWindow = () => {
  const { mutate } = useSWRConfig();
  return async (id: string | null, body: MaintenanceWindowBody): Promise<MaintenanceWindowView> => {
    const saved = id
      ? await callApi('updateMaintenanceWindow', { params: { id }, body })
      : await callApi('createMaintenanceWindow', { body });
    await mutate(MAINTENANCE_WINDOWS_PATH);
    return saved;
  };
};

/** DELETE /api/maintenance-windows/{id}, then refreshes the list. */
export const useDeleteMaintenanceWindow = () => {
  const { mutate } = useSWRConfig();
  return async (id: string): Promise<DeletedMaintenanceWindow> => {
    const result = await callApi('deleteMaintenanceWindow', { params: { id } });
    await mutate(MAINTENANCE_WINDOWS_PATH);
    return result;
  };
};
