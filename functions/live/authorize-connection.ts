import type { APIGatewayAuthorizerResult, APIGatewayRequestAuthorizerEvent } from 'aws-lambda';
import { CognitoJwtVerifier } from 'aws-jwt-verify';
import { LIVE_TOKEN_PARAMETER, LIVE_WORKSPACE_PARAMETER } from '../../shared/live/messages.js';
import { config } from '../config.js';
import { lambdaEntry } from '../observability/lambda-entry.js';
import { liveWorkspaceOf, type LiveAccess } from './live-workspace.js';

/**
 * The `$connect` authorizer of the live-status WebSocket API on AWS (docs/live-status.md
 * "Pushes"): the Cognito access token of the user pool's web client, from the `token` query
 * parameter (a browser cannot set headers on a WebSocket), verified as the HTTP API's JWT
 * authorizer verifies the bearer token (signature, issuer, expiry, `client_id`, `token_use`).
 * The connection watches one workspace: the `workspace` query parameter names it (else the
 * person's own), and the person must be a member of it (live-workspace.ts). Allowed, the connection
 * carries the user's id as its principal and the workspace's id in its context, which API Gateway
 * hands to `$connect` and `$disconnect` (functions/live/connections.ts). Locally the gateway's JWT
 * check (infra/local/jwt-authorizer.ts) and the same workspace check play this part.
 */
let verifier: ReturnType<typeof CognitoJwtVerifier.create<{ userPoolId: string; tokenUse: 'access'; clientId: string }>> | undefined;

const verifierOf = () =>
  (verifier ??= CognitoJwtVerifier.create({ userPoolId: config().userPoolId, tokenUse: 'access', clientId: config().userPoolClientId }));

/** The policy that lets one user's connection through (watching `workspaceId`), or refuses it. */
export const connectionPolicy = (
  principalId: string,
  effect: 'Allow' | 'Deny',
  methodArn: string,
  access?: LiveAccess,
): APIGatewayAuthorizerResult => ({
  principalId,
  policyDocument: { Version: '2012-10-17', Statement: [{ Action: 'execute-api:Invoke', Effect: effect, Resource: methodArn }] },
  ...(access ? { context: { workspaceId: access.workspaceId, sessionId: access.sessionId } } : {}),
});

export const authorizeConnection = async (
  event: Pick<APIGatewayRequestAuthorizerEvent, 'queryStringParameters' | 'methodArn'>,
  verify: (token: string) => Promise<{ sub: string; jti?: string }> = (token) => verifierOf().verify(token),
  workspaceOf: typeof liveWorkspaceOf = liveWorkspaceOf,
): Promise<APIGatewayAuthorizerResult> => {
  const token = event.queryStringParameters?.[LIVE_TOKEN_PARAMETER];
  if (!token) return connectionPolicy('anonymous', 'Deny', event.methodArn);
  let sub: string;
  let jti: string | undefined;
  try {
    ({ sub, jti } = await verify(token));
  } catch {
    return connectionPolicy('anonymous', 'Deny', event.methodArn);
  }
  const access = await workspaceOf(sub, event.queryStringParameters?.[LIVE_WORKSPACE_PARAMETER], jti);
  if (!access) return connectionPolicy(sub, 'Deny', event.methodArn);
  return connectionPolicy(sub, 'Allow', event.methodArn, access);
};

export const handler = lambdaEntry((event: APIGatewayRequestAuthorizerEvent) => authorizeConnection(event));
