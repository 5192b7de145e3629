import type { HeartbeatUrlView } from '@shared/monitors/types/heartbeat.js';
import { callApi } from '@/lib/api-client';

/** POST /api/monitors/{id}/heartbeat-url: a new push URL; the old one stops at once (docs/checks.md "Heartbeat monitors"). */
export const regenerateHeartbeatUrl = (id: string): Promise<HeartbeatUrlView> => callApi('regenerateHeartbeatUrl', { params: { id } });
