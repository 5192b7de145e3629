import type { PreTokenGenerationV2TriggerEvent } from 'aws-lambda';

/**
 * Cognito's pre token generation trigger (V2; infra/stacks/auth-stack.ts): every access token the
 * pool issues, at sign-in and at refresh, is made without the `aws.cognito.signin.user.admin` scope.
 * That scope is what lets a bearer of the token call Cognito's user-facing API directly (DeleteUser,
 * UpdateUserAttributes, ChangePassword, GlobalSignOut, AssociateSoftwareToken, ...), around our API: a
 * stolen access token could otherwise delete the identity behind the erasure's back or enrol an
 * authenticator. The API never sends a user's access token to Cognito, and API Gateway's JWT
 * authorizer checks no scope, so nothing of ours needs it (docs/security.md "Tokens and sessions").
 */
export const COGNITO_SELF_SERVICE_SCOPE = 'aws.cognito.signin.user.admin';

/** The trigger's answer: the event with the scope suppressed in the access token and nothing else changed. */
export const handler = async (event: PreTokenGenerationV2TriggerEvent): Promise<PreTokenGenerationV2TriggerEvent> => ({
  ...event,
  response: {
    ...event.response,
    claimsAndScopeOverrideDetails: {
      ...event.response.claimsAndScopeOverrideDetails,
      accessTokenGeneration: {
        ...event.response.claimsAndScopeOverrideDetails?.accessTokenGeneration,
        scopesToSuppress: [COGNITO_SELF_SERVICE_SCOPE],
      },
    },
  },
});
