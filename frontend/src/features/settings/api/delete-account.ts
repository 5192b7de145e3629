import { api } from '../../../lib/api-client';

/** DELETE /api/auth/delete-account: erases the account and all of its data at once. */
export const deleteAccount = (): Promise<{ message: string }> => api.delete<{ message: string }>('/api/auth/delete-account');
