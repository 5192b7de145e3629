import { ContactInput } from '../../../shared/contact/schemas.js';
import { publicApiHandler } from '../../http/api-handler.js';
import { created } from '../../http/responses.js';
import { submitContact } from '../../services/public/submit-contact.js';

export const handler = publicApiHandler(ContactInput, async ({ body }) => created(await submitContact({ input: body })));
