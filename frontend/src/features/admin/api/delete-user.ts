import { callApi } from '@/lib/api-client';

/** DELETE /api/admin/users/{id}: the user, their monitors and their data. */
export const deleteUser = (id: string): Promise<{ message?: string }> => callApi('adminDeleteUser', { params: { id } });
