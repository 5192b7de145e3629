import type { AdminContactMessage } from '@shared/admin/schemas.js';
import { callApi } from '@/lib/api-client';

/** PUT /api/admin/contact-messages/{id}/answered, no body: once; the queue moves it to the answered ones. */
export const markContactMessageAnswered = async (id: string): Promise<AdminContactMessage> =>
  (await callApi('adminMarkContactMessageAnswered', { params: { id } })).message;
