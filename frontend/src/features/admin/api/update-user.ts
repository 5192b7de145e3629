import { callApi } from '@/lib/api-client';
import type { AdminUser, UpdateUserInput } from '../types';

/** PUT /api/admin/users/{id}: the edit modal's five fields. */
export const updateUser = (id: string, input: UpdateUserInput): Promise<{ user: AdminUser }> =>
  callApi('adminUpdateUser', { params: { id }, body: input });
