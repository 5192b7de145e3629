import type { RotatedSecret } from '@shared/alerts/schemas.js';
import { callApi } from '@/lib/api-client';

/** POST /api/channels/{id}/rotate-secret: a webhook's new signing secret, shown once; the previous one signs for 24 hours more. */
export const rotateChannelSecret = (id: string): Promise<RotatedSecret> => callApi('rotateChannelSecret', { params: { id } });
