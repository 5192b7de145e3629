import useSWR from 'swr';
import type { RetentionSummary } from '@shared/insights/schemas.js';
import { apiPath, callApi } from '@/lib/api-client';

export const RETENTION_PATH = apiPath('getRetention');

/** GET /api/retention: what the workspace's plan keeps, and its archive (docs/product-rules.md "Retention"). */
export const getRetention = (): Promise<RetentionSummary> => callApi('getRetention');

export const useRetention = () => useSWR<RetentionSummary, Error>(RETENTION_PATH, getRetention);
