import { describe, expect, it } from 'vitest';
import { authorizeConnection } from '../../../functions/live/authorize-connection.js';

/** The $connect authorizer of the live-status socket on AWS (docs/live-status.md "Pushes"). */
describe('authorizeConnection', () => {
  const methodArn = 'arn:aws:execute-api:us-east-1:111111111111:abc123/live/$connect';
  const verify = async (token: string) => {
    if (token !== 'good-token') throw new Error('invalid');
    return { sub: 'user-1', jti: 'token-1' };
  };

  // The membership and session check (functions/live/live-workspace.ts): user-1 belongs to its own
  // and to team-1, and token-1's session is open.
  const workspaceOf = async (userId: string, requested: string | null | undefined, tokenId: string | undefined) => {
    if (tokenId !== 'token-1') return null;
    const workspaceId = !requested || requested === userId ? userId : requested === 'team-1' ? requested : null;
    return workspaceId ? { workspaceId, sessionId: 'session-1' } : null;
  };

  it("lets a valid access token in as its user, watching their own workspace, whose ids API Gateway hands to $connect and $disconnect", async () => {
    const result = await authorizeConnection({ methodArn, queryStringParameters: { token: 'good-token' } }, verify, workspaceOf);
    expect(result).toEqual({
      principalId: 'user-1',
      policyDocument: { Version: '2012-10-17', Statement: [{ Action: 'execute-api:Invoke', Effect: 'Allow', Resource: methodArn }] },
      context: { workspaceId: 'user-1', sessionId: 'session-1' },
    });
  });

  it('lets a member watch a workspace they belong to, and refuses one they do not', async () => {
    const member = await authorizeConnection({ methodArn, queryStringParameters: { token: 'good-token', workspace: 'team-1' } }, verify, workspaceOf);
    expect(member).toMatchObject({ principalId: 'user-1', context: { workspaceId: 'team-1' } });
    expect(member.policyDocument.Statement[0]).toMatchObject({ Effect: 'Allow' });
    const stranger = await authorizeConnection({ methodArn, queryStringParameters: { token: 'good-token', workspace: 'team-2' } }, verify, workspaceOf);
    expect(stranger.policyDocument.Statement[0]).toMatchObject({ Effect: 'Deny' });
    expect(stranger.context).toBeUndefined();
  });

  it('refuses a missing or invalid token', async () => {
    for (const queryStringParameters of [null, {}, { token: 'forged' }]) {
      const result = await authorizeConnection({ methodArn, queryStringParameters }, verify, workspaceOf);
      expect(result.policyDocument.Statement[0]).toMatchObject({ Effect: 'Deny' });
    }
  });
});
