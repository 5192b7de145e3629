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
