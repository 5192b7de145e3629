import { ContactInput } from '../../../shared/contact/schemas.js';
import { apiHandler } from '../../http/api-handler.js';
import { created } from '../../http/responses.js';
import { submitContact } from '../../services/public/submit-contact.js';

/** The contact form sent signed in: the sender and the workspace's plan are known (docs/product-rules.md "Priority support"). */
export const handler = apiHandler(ContactInput, async ({ body, ctx }) => created(await submitContact({ input: body, ctx })));
