import type { DeleteAccountInput } from '@shared/auth/schemas.js';
import { callApi } from '@/lib/api-client';

/** DELETE /api/auth/delete-account {password}: erases the account and all of its data at once. */
export const deleteAccount = (input: DeleteAccountInput): Promise<{ message: string }> =>
  callApi('deleteAccount', { body: input });
