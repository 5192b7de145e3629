import useSWR from 'swr';
import type { DeliveryList } from '@shared/alerts/schemas.js';
import { apiPath, callApi } from '@/lib/api-client';

/** GET /api/channels/{id}/deliveries: the channel's delivery log, newest first. */
export const listChannelDeliveries = (id: string): Promise<DeliveryList> => callApi('listChannelDeliveries', { params: { id } });

export const useChannelDeliveries = (id: string) =>
  useSWR<DeliveryList, Error>(apiPath('listChannelDeliveries', { id }), () => listChannelDeliveries(id));
