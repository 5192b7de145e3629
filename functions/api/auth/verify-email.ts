import { VerifyEmailQuery } from '../../../shared/auth/schemas.js';
import { publicApiHandler } from '../../http/api-handler.js';
import { ok } from '../../http/responses.js';
import { verifyEmail } from '../../services/auth/verify-email.js';

// The call is POST /auth/verify-email?token=... (docs/product-rules.md "Auth flows and token lifetimes"): the token is in the query, there is no body.
export const handler = publicApiHandler({ query: VerifyEmailQuery }, async ({ query }) => ok(await verifyEmail({ query })));
