import { describe, expect, expectTypeOf, it } from 'vitest';
import type { RegisterResponse, RefreshSessionResponse, VerifyEmailResponse, WebhookResponse } from '../../../shared/api/contract.js';
import { ROUTES } from '../../../shared/api/routes.js';
import type { RegistrationResult } from '../../../functions/services/auth/register-user.js';
import type { RefreshedSession } from '../../../functions/services/auth/refresh-session.js';
import type { VerifyEmailResult } from '../../../functions/services/auth/verify-email.js';
import type { WebhookOutcome } from '../../../functions/repositories/webhook-event-repository.js';

// The contract's own response shapes (those no shared module declares) must be what the services
// return: a difference is a type error, caught by `tsc -p .`.
describe('the route contract', () => {
  it('declares the response shapes the services return', () => {
    expectTypeOf<RegistrationResult>().toEqualTypeOf<RegisterResponse>();
    expectTypeOf<VerifyEmailResult>().toEqualTypeOf<VerifyEmailResponse>();
    expectTypeOf<RefreshedSession>().toEqualTypeOf<RefreshSessionResponse>();
    expectTypeOf<WebhookOutcome>().toEqualTypeOf<WebhookResponse>();
  });

  it('names routes that are all in the table', () => {
    expect(new Set(ROUTES.map((route) => route.name)).size).toBe(ROUTES.length);
  });
});
