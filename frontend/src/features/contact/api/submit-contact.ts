import type { ContactInput, ContactResult } from '@shared/contact/schemas.js';
import { callApi } from '@/lib/api-client';

/** POST /api/contact (public): stored, then mailed to the support address. 3 per sender per hour. */
export const submitContact = (input: ContactInput): Promise<ContactResult> =>
  callApi('submitContact', { body: input });

/**
 * POST /api/support/messages: the same form sent signed in, so the server knows the sender and the
 * workspace, whose plan may make it priority (docs/product-rules.md "Priority support").
 */
export const submitSupportMessage = (input: ContactInput): Promise<ContactResult> =>
  callApi('submitSupportMessage', { body: input });
