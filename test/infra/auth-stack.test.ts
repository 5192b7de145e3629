import { Match, Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_GROUP, USER_POOL_CLIENT_NAME, WEB_CLIENT_AUTH_FLOWS } from '../../infra/auth-settings.js';
import { buildTestApp } from './test-app.js';

describe('AuthStack', () => {
  let template: Template;
  beforeAll(() => {
    template = Template.fromStack(buildTestApp().auth);
  });

  it('accepts any password of at least 8 characters', () => {
    template.hasResourceProperties('AWS::Cognito::UserPool', {
      Policies: {
        PasswordPolicy: Match.objectLike({
          MinimumLength: 8,
          RequireLowercase: false,
          RequireUppercase: false,
          RequireNumbers: false,
          RequireSymbols: false,
        }),
      },
    });
  });

  it('uses the e-mail address as the username', () => {
    template.hasResourceProperties('AWS::Cognito::UserPool', {
      UsernameAttributes: ['email'],
      UsernameConfiguration: { CaseSensitive: false },
    });
  });

  it('lets only the API create users and never mails them from Cognito', () => {
    const pool = Object.values(template.findResources('AWS::Cognito::UserPool'))[0];
    expect(pool?.Properties.AdminCreateUserConfig).toEqual({ AllowAdminCreateUserOnly: true });
    expect(pool?.Properties.AutoVerifiedAttributes ?? []).toEqual([]);
    expect(pool?.Properties.AccountRecoverySetting).toEqual({
      RecoveryMechanisms: [{ Name: 'admin_only', Priority: 1 }],
    });
  });

  it('keeps the user pool when the stack is deleted', () => {
    template.hasResource('AWS::Cognito::UserPool', { DeletionPolicy: 'Retain' });
  });

  it('has one web client without secret allowing the admin password flow (IAM only) and refresh, and no flow the public client id alone could take a password with', () => {
    template.resourceCountIs('AWS::Cognito::UserPoolClient', 1);
    const client = Object.values(template.findResources('AWS::Cognito::UserPoolClient'))[0];
    expect(client?.Properties.ClientName).toBe(USER_POOL_CLIENT_NAME);
    expect(client?.Properties.GenerateSecret).toBe(false);
    expect([...(client?.Properties.ExplicitAuthFlows as string[])].sort()).toEqual([
      'ALLOW_ADMIN_USER_PASSWORD_AUTH',
      'ALLOW_REFRESH_TOKEN_AUTH',
    ]);
    // The local cloud's client is made with the same flows (infra/auth-settings.ts).
    expect([...WEB_CLIENT_AUTH_FLOWS].sort()).toEqual([...(client?.Properties.ExplicitAuthFlows as string[])].sort());
    expect(client?.Properties.PreventUserExistenceErrors).toBe('ENABLED');
  });

  it('lets a holder of an access token write only their display name through the public client', () => {
    const client = Object.values(template.findResources('AWS::Cognito::UserPoolClient'))[0];
    expect(client?.Properties.WriteAttributes).toEqual(['name']);
    const pool = Object.values(template.findResources('AWS::Cognito::UserPool'))[0];
    const email = (pool?.Properties.Schema as { Name: string; Required?: boolean }[] | undefined)?.find((a) => a.Name === 'email');
    // A required attribute is writable by every client whatever WriteAttributes says.
    expect(email?.Required ?? false).toBe(false);
  });

  it('has an admin group in the pool', () => {
    template.hasResourceProperties('AWS::Cognito::UserPoolGroup', {
      GroupName: ADMIN_GROUP,
      UserPoolId: { Ref: Match.stringLikeRegexp('^UserPool') },
    });
  });

  it("makes access tokens without the self-service scope, so a token cannot delete the identity at Cognito", () => {
    const pool = Object.values(template.findResources('AWS::Cognito::UserPool'))[0];
    // V2: the version whose answer reaches the access token (V1 changes the ID token only).
    expect(pool?.Properties.LambdaConfig).toEqual({
      PreTokenGenerationConfig: { LambdaArn: { 'Fn::GetAtt': [expect.stringMatching(/^TokenScopesFunction/), 'Arn'] }, LambdaVersion: 'V2_0' },
    });
    const functions = template.findResources('AWS::Lambda::Function');
    const [trigger] = Object.entries(functions).filter(([id]) => id.startsWith('TokenScopesFunction'));
    expect(trigger?.[1].Properties.Handler).toBe('index.handler');
    // Only Cognito, and only this pool, may invoke it.
    const permissions = Object.values(template.findResources('AWS::Lambda::Permission')).map((resource) => resource.Properties);
    expect(permissions).toEqual([
      {
        Action: 'lambda:InvokeFunction',
        FunctionName: { 'Fn::GetAtt': [trigger?.[0], 'Arn'] },
        Principal: 'cognito-idp.amazonaws.com',
        SourceArn: { 'Fn::GetAtt': [expect.stringMatching(/^UserPool/), 'Arn'] },
      },
    ]);
  });
});
