import { Match, Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { areasInUse } from '../../shared/api/routes.js';
import { buildTestApp } from './test-app.js';

// The KMS key that seals monitor secrets (docs/checks.md "Secrets"): in the data stack, the API's
// monitors area may only generate data keys, and only the checkers (by their role tag, from any
// region) may decrypt them, for data keys bound to a monitor.

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

  it('grants GenerateDataKey to the monitors area alone, with the key in its environment', () => {
    const api = Template.fromStack(app.api);
    const kmsStatements = Object.values(api.findResources('AWS::IAM::Policy')).flatMap((policy) =>
      (policy.Properties.PolicyDocument.Statement as { Action: string | string[] }[]).filter((statement) =>
        [statement.Action].flat().some((action) => action.startsWith('kms:')),
      ),
    );
    expect(kmsStatements.map((statement) => statement.Action)).toEqual(['kms:GenerateDataKey']);
    const functions = Object.values(api.findResources('AWS::Lambda::Function'));
    const withKey = functions.filter((fn) => fn.Properties.Environment?.Variables?.SECRETS_KMS_KEY_ID);
    expect(withKey).toHaveLength(1);
    expect(areasInUse()).toContain('monitors');
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
