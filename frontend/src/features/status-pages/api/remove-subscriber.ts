import { callApi } from '@/lib/api-client';

/** DELETE /api/status-pages/{id}/subscribers/{subscriberId}: the address gets no more mails from the page. */
export const removeSubscriber = async (pageId: string, subscriberId: string): Promise<void> => {
  await callApi('deleteStatusPageSubscriber', { params: { id: pageId, subscriberId } });
};
