import { CheckResetLinkInput } from '../../../shared/auth/schemas.js';
import { publicApiHandler } from '../../http/api-handler.js';
import { ok } from '../../http/responses.js';
import { checkResetLink } from '../../services/auth/check-reset-link.js';

export const handler = publicApiHandler(CheckResetLinkInput, async ({ body }) => ok(await checkResetLink({ input: body })));
