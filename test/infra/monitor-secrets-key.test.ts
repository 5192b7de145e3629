import { Match, Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { areasInUse } from '../../shared/api/routes.js';
import { buildTestApp } from './test-app.js';

// The KMS key that seals monitor secrets (docs/checks.md "Secrets") and alert channel secrets: in
// the data stack, the API's monitors area may only generate data keys bound to a monitor, and only
// the checkers (by their role tag, from any region) may decrypt those; the account area seals and
// (for a test send) opens data keys bound to a channel, and the channel deliverer opens them.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Resource = { Type: string; Properties: Record<string, any> };

describe('monitor secrets key', () => {
  const app = buildTestApp();

  it('is a rotated key named by stage, kept when the stack goes', () => {
    const data = Template.fromStack(app.data);
    data.hasResource('AWS::KMS::Key', { DeletionPolicy: 'Retain', Properties: Match.objectLike({ EnableKeyRotation: true }) });
    data.hasResourceProperties('AWS::KMS::Alias', { AliasName: 'alias/upwatch-monitor-secrets-dev' });
  });

  it("lets only this stage's tagged checker roles in this account decrypt, for monitor-bound data keys", () => {
    const key = Object.values(Template.fromStack(app.data).findResources('AWS::KMS::Key'))[0]!;
    const statements = key.Properties.KeyPolicy.Statement as { Sid?: string; Action: unknown; Condition?: unknown; Principal: unknown }[];
    const checkers = statements.find((statement) => statement.Sid === 'CheckersOpenMonitorSecrets')!;
    expect(checkers.Action).toBe('kms:Decrypt');
    expect(checkers.Condition).toEqual({
      StringEquals: { 'aws:PrincipalAccount': expect.anything(), 'aws:PrincipalTag/upwatch-opens-monitor-secrets': 'dev' },
      StringLike: { 'kms:EncryptionContext:upwatch': 'monitor:*' },
    });
  });

  /** A function by its description: `monitors area` (an API function) or `Upwatch channel-deliverer` (a pipeline one). */
  const nameOf = (description: string): string => description.match(/routes of the (\w+) area$/)?.[1]?.concat(' area') ?? description.split(':')[0]!;
  /** The KMS statements of each function of a stack, by its name. */
  const kmsGrantsOf = (template: Template): Record<string, { Action: unknown; Condition?: unknown }[]> => {
    const resources = template.toJSON().Resources as Record<string, Resource>;
    const grants: Record<string, { Action: unknown; Condition?: unknown }[]> = {};
    for (const fn of Object.values(resources).filter((resource) => resource.Type === 'AWS::Lambda::Function')) {
      const roleId = fn.Properties.Role['Fn::GetAtt'][0] as string;
      const statements = Object.values(resources)
        .filter((resource) => resource.Type === 'AWS::IAM::Policy' && (resource.Properties.Roles as { Ref: string }[]).some((role) => role.Ref === roleId))
        .flatMap((policy) => policy.Properties.PolicyDocument.Statement as { Action: string | string[]; Condition?: unknown }[])
        .filter((statement) => [statement.Action].flat().some((action) => action.startsWith('kms:')));
      if (statements.length) grants[nameOf(String(fn.Properties.Description))] = statements.map(({ Action, Condition }) => ({ Action, Condition }));
    }
    return grants;
  };
  const boundTo = (owner: string) => ({ StringLike: { 'kms:EncryptionContext:upwatch': `${owner}:*` } });

  it('lets the monitors and public API areas seal monitor secrets, the account area seal and open channel secrets, the auth area seal and open two-factor secrets and the admin area open them, nothing more', () => {
    expect(areasInUse()).toEqual(expect.arrayContaining(['monitors', 'account']));
    const api = Template.fromStack(app.api);
    expect(kmsGrantsOf(api)).toEqual({
      'monitors area': [{ Action: 'kms:GenerateDataKey', Condition: boundTo('monitor') }],
      'v1 area': [{ Action: 'kms:GenerateDataKey', Condition: boundTo('monitor') }],
      'account area': [{ Action: ['kms:GenerateDataKey', 'kms:Decrypt'], Condition: boundTo('channel') }],
      'auth area': [{ Action: ['kms:GenerateDataKey', 'kms:Decrypt'], Condition: boundTo('two_factor') }],
      'admin area': [{ Action: 'kms:Decrypt', Condition: boundTo('two_factor') }],
    });
    const functions = Object.values(api.findResources('AWS::Lambda::Function'));
    const withKey = functions.filter((fn) => fn.Properties.Environment?.Variables?.SECRETS_KMS_KEY_ID);
    expect(withKey).toHaveLength(5);
    for (const fn of withKey) expect(fn.Properties.Environment.Variables.SECRETS_KMS_REGION).toBe('us-east-1');
  });

  it('lets the channel deliverer alone of the home pipeline open channel secrets, with the key in its environment', () => {
    const home = Template.fromStack(app.checksHome);
    expect(kmsGrantsOf(home)).toEqual({ 'Upwatch channel-deliverer': [{ Action: 'kms:Decrypt', Condition: boundTo('channel') }] });
    home.hasResourceProperties('AWS::Lambda::Function', {
      Description: Match.stringLikeRegexp('^Upwatch channel-deliverer:'),
      Environment: { Variables: Match.objectLike({ SECRETS_KMS_KEY_ID: Match.anyValue(), SECRETS_KMS_REGION: 'us-east-1' }) },
    });
  });

  it('tags every checker role and points the checker at the key in the home region', () => {
    for (const checker of app.checkers) {
      const template = Template.fromStack(checker);
      template.hasResourceProperties('AWS::IAM::Role', {
        Tags: Match.arrayWith([{ Key: 'upwatch-opens-monitor-secrets', Value: 'dev' }]),
      });
      template.hasResourceProperties('AWS::Lambda::Function', {
        Environment: { Variables: Match.objectLike({ SECRETS_KMS_KEY_ID: 'alias/upwatch-monitor-secrets-dev', SECRETS_KMS_REGION: 'us-east-1' }) },
      });
    }
  });
});
