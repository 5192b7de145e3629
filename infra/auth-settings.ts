export { ADMIN_GROUP } from '../shared/auth/roles.js';
/**
 * Cognito settings both the CDK auth stack and the local cloud apply, so the local pool behaves like
 * the deployed one. The password rule is the product's: at least 8 characters, nothing more.
 */
export const USER_POOL_NAME = 'upwatch';
export const USER_POOL_CLIENT_NAME = 'upwatch-web';
export const PASSWORD_POLICY = {
  MinimumLength: 8,
  RequireLowercase: false,
  RequireUppercase: false,
  RequireNumbers: false,
  RequireSymbols: false,
} as const;

/**
 * The app client's flows (docs/security.md "Tokens and sessions"): a password is checked only by the
 * API's Lambdas through AdminInitiateAuth, which needs IAM (locally: the local credentials), never by
 * an InitiateAuth with the client id the browser knows; refresh is always allowed. The local cloud
 * makes its client with these, and its Cognito enforces them (infra/local/parts/cognito-auth-flows.ts);
 * the CDK client's `authFlows` (infra/stacks/auth-stack.ts) is compared with them by
 * test/infra/auth-stack.test.ts.
 */
export const WEB_CLIENT_AUTH_FLOWS = ['ALLOW_ADMIN_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'] as const;
