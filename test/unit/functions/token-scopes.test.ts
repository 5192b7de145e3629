import type { PreTokenGenerationV2TriggerEvent } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { COGNITO_SELF_SERVICE_SCOPE, handler } from '../../../functions/triggers/token-scopes.js';

/** The pre token generation trigger (docs/security.md "Tokens and sessions"): the self-service scope never reaches an access token. */
const eventOf = (source: string, response: PreTokenGenerationV2TriggerEvent['response']): PreTokenGenerationV2TriggerEvent =>
  ({
    version: '2',
    triggerSource: source,
    region: 'eu-west-1',
    userPoolId: 'eu-west-1_pool',
    userName: 'user-id',
    callerContext: { awsSdkVersion: 'aws-sdk-unknown-unknown', clientId: 'client' },
    request: { userAttributes: { sub: 'user-id' }, groupConfiguration: { groupsToOverride: ['admin'] }, scopes: [COGNITO_SELF_SERVICE_SCOPE] },
    response,
  }) as PreTokenGenerationV2TriggerEvent;

describe('the token scope trigger', () => {
  it.each(['TokenGeneration_Authentication', 'TokenGeneration_RefreshTokens'])('suppresses aws.cognito.signin.user.admin on %s', async (source) => {
    const answer = await handler(eventOf(source, { claimsAndScopeOverrideDetails: {} }));
    expect(answer.response.claimsAndScopeOverrideDetails.accessTokenGeneration?.scopesToSuppress).toEqual(['aws.cognito.signin.user.admin']);
  });

  it('keeps everything else of the event, groups included', async () => {
    const event = eventOf('TokenGeneration_Authentication', { claimsAndScopeOverrideDetails: { idTokenGeneration: { claimsToSuppress: ['x'] } } });
    const answer = await handler(event);
    expect(answer.request).toEqual(event.request);
    expect(answer.response.claimsAndScopeOverrideDetails).toEqual({
      idTokenGeneration: { claimsToSuppress: ['x'] },
      accessTokenGeneration: { scopesToSuppress: ['aws.cognito.signin.user.admin'] },
    });
  });

  it('answers even when Cognito sends no override details (null)', async () => {
    const answer = await handler(eventOf('TokenGeneration_Authentication', { claimsAndScopeOverrideDetails: null as never }));
    expect(answer.response.claimsAndScopeOverrideDetails.accessTokenGeneration?.scopesToSuppress).toEqual([COGNITO_SELF_SERVICE_SCOPE]);
  });
});
