import type { ContactInput, ContactResult } from '@shared/contact/schemas.js';
import { callApi } from '@/lib/api-client';

/** POST /api/contact (public): stored, then mailed to the support address. 3 per sender per hour. */
export const submitContact = (input: ContactInput): Promise<ContactResult> =>
  callApi('submitContact', { body: input });
