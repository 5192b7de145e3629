import { describe, expect, it } from 'vitest';
import { authorizeConnection } from '../../../functions/live/authorize-connection.js';

/** The $connect authorizer of the live-status socket on AWS (docs/live-status.md "Pushes"). */
describe('authorizeConnection', () => {
  const methodArn = 'arn:aws:execute-api:us-east-1:111111111111:abc123/live/$connect';
  const verify = async (token: string) => {
    if (token !== 'good-token') throw new Error('invalid');
    return { sub: 'user-1' };
  };

  it("lets a valid access token in as its user, whose id API Gateway hands to $connect and $disconnect", async () => {
    const result = await authorizeConnection({ methodArn, queryStringParameters: { token: 'good-token' } }, verify);
    expect(result).toEqual({
      principalId: 'user-1',
      policyDocument: { Version: '2012-10-17', Statement: [{ Action: 'execute-api:Invoke', Effect: 'Allow', Resource: methodArn }] },
    });
  });

  it('refuses a missing or invalid token', async () => {
    for (const queryStringParameters of [null, {}, { token: 'forged' }]) {
      const result = await authorizeConnection({ methodArn, queryStringParameters }, verify);
      expect(result.policyDocument.Statement[0]).toMatchObject({ Effect: 'Deny' });
    }
  });
});
