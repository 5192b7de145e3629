import { Match, Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from './test-app.js';

type Resource = { Properties: Record<string, unknown> };

/** The statements of the IAM policies attached to the role of the function described as `description`. */
const statementsOf = (template: Template, description: string): { Action: string | string[]; Condition?: unknown }[] => {
  const functions = template.findResources('AWS::Lambda::Function', { Properties: { Description: description } }) as Record<string, Resource>;
  const [fn] = Object.values(functions);
  const roleRef = JSON.stringify((fn?.Properties.Role as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0]);
  const policies = Object.values(template.findResources('AWS::IAM::Policy') as Record<string, Resource>).filter((policy) =>
    JSON.stringify(policy.Properties.Roles).includes(roleRef),
  );
  return policies.flatMap((policy) => (policy.Properties.PolicyDocument as { Statement: { Action: string | string[] }[] }).Statement);
};

const actionsOf = (statements: { Action: string | string[] }[]): string[] =>
  statements.flatMap((statement) => (Array.isArray(statement.Action) ? statement.Action : [statement.Action])).sort();

describe('the admin area Lambda (docs/admin.md)', () => {
  let template: Template;
  beforeAll(() => {
    template = Template.fromStack(buildTestApp({ appUrl: 'https://upwatch.example', mailFrom: 'alerts@upwatch.example' }).api);
  });

  it('exists, one of the API functions', () => {
    template.hasResourceProperties('AWS::Lambda::Function', { Description: Match.stringLikeRegexp('admin area') });
  });

  it('may change identities (edit, deactivate with sign-out, reactivate, delete) and nothing else in Cognito', () => {
    const cognito = actionsOf(statementsOf(template, 'Upwatch API: /api routes of the admin area')).filter((action) =>
      action.startsWith('cognito-idp:'),
    );
    expect(cognito).toEqual([
      'cognito-idp:AdminDeleteUser',
      'cognito-idp:AdminDisableUser',
      'cognito-idp:AdminEnableUser',
      // An operator's password is checked by the API, never at the public app client (docs/security.md "Tokens and sessions").
      'cognito-idp:AdminInitiateAuth',
      // Every admin request confirms the caller is in the admin group now (docs/security.md "Tokens and sessions").
      'cognito-idp:AdminListGroupsForUser',
      'cognito-idp:AdminUpdateUserAttributes',
      'cognito-idp:AdminUserGlobalSignOut',
    ]);
  });

  it('reads and writes the table, mails the users it acts on, and sends no queue messages', () => {
    const actions = actionsOf(statementsOf(template, 'Upwatch API: /api routes of the admin area'));
    expect(actions).toEqual(expect.arrayContaining(['dynamodb:GetItem', 'dynamodb:Query', 'dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:BatchWriteItem']));
    // Besides its own logs and traces (node-lambda.ts), the table and Cognito only, and the billing
    // secret: an operator's account deletion cancels a live subscription at its provider (docs/billing.md);
    // and mail: the user is told about an operator's plan change or monitor hold (docs/admin.md "Telling the user");
    // and KMS Decrypt: the operator's sign-in opens their sealed two-factor secret (docs/security.md "Two-factor sign-in").
    const own = [
      'kms:Decrypt',
      'ses:SendEmail',
      'dynamodb:',
      'cognito-idp:',
      'logs:CreateLogStream',
      'logs:PutLogEvents',
      'xray:PutTraceSegments',
      'xray:PutTelemetryRecords',
      'secretsmanager:GetSecretValue',
    ];
    expect(actions.filter((action) => !own.some((prefix) => action.startsWith(prefix)))).toEqual([]);
    expect(actions).toContain('ses:SendEmail');
    expect(actions.some((action) => action.startsWith('sqs:'))).toBe(false);
  });

  it('leaves the other areas their mail and queue rights', () => {
    expect(actionsOf(statementsOf(template, 'Upwatch API: /api routes of the monitors area'))).toContain('sqs:SendMessage');
    expect(actionsOf(statementsOf(template, 'Upwatch API: /api routes of the account area'))).toContain('ses:SendEmail');
  });
});
