import path from 'node:path';
import { Template } from 'aws-cdk-lib/assertions';
import { build } from 'esbuild';
import { beforeAll, describe, expect, it } from 'vitest';
import { API_AREA_PERMISSIONS } from '../../infra/stacks/api-permissions.js';
import { PIPELINE_PERMISSIONS } from '../../infra/stacks/pipeline-permissions.js';
import { QUEUE_CONSUMERS, SCHEDULED_FUNCTIONS } from '../../infra/event-sources.js';
import { areasInUse } from '../../shared/api/routes.js';
import { TABLE } from '../../shared/table/table-definition.js';
import { PUBLIC_AREA_NEVER_WRITES, SINGLE_ITEM_TABLE_ACTIONS } from '../../infra/constructs/function-grants.js';
import {
  auditEntryKeys,
  emailKey,
  heartbeatLookupKey,
  paymentRefKey,
  providerPlanKey,
  statusPageAccessLinkKey,
  statusSlugKey,
  WEBHOOK_EVENTS_PARTITION,
} from '../../shared/table/keys.js';
import { buildTestApp } from './test-app.js';

/**
 * Least privilege, held two ways (docs/security.md): each API area's and pipeline function's
 * declared permissions match the AWS calls its bundled code makes (so an unused action, or a call
 * nobody declared, fails here), and the synthesised policies carry no wildcard action, no AWS
 * managed policy, and no wildcard resource but a function's own log streams, SES's identities
 * (pinned to the sender by a condition), X-Ray's trace writes (which have no resource) and SNS text
 * messages (a phone number has no ARN; every SNS ARN is denied beside it); the table and its
 * indexes are named one by one, and the secrets key's grants are bound to one kind of owner. A new area or function is checked as soon as it declares its permissions; it needs no line in this file.
 */

const REPO = path.resolve(import.meta.dirname, '../..');

/**
 * The AWS SDK commands a Lambda entry's own code constructs, read from its tree-shaken bundle (as
 * esbuild builds it for deployment; dependencies left out), so code a module has but the entry
 * never reaches does not count.
 */
const bundleOf = async (entry: string): Promise<string> => {
  const result = await build({
    entryPoints: [path.join(REPO, entry)],
    bundle: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    treeShaking: true,
    write: false,
    logLevel: 'silent',
  });
  return result.outputFiles.map((file) => file.text).join('\n');
};

const commandsOf = async (entry: string): Promise<Set<string>> =>
  new Set([...(await bundleOf(entry)).matchAll(/new (\w+?)Command\d*\(/g)].map((match) => match[1]!));

/** The write transactions a bundle makes: each call of table-commands.ts `transact`, with what it is given. */
const transactionsIn = (code: string): string[] => [...code.matchAll(/\btransact\d*\((\[?\w*)/g)].map((match) => match[1]!);

const DYNAMO_WRITES = ['Put', 'Update', 'Delete', 'TransactWrite', 'BatchWrite'];
/** Cognito calls a public app client makes without AWS credentials: no IAM action. */
const UNSIGNED_COGNITO = new Set(['InitiateAuth', 'RevokeToken']);

const usage = (commands: Set<string>) => ({
  writesTable: DYNAMO_WRITES.some((name) => commands.has(name)),
  updatesByStatement: commands.has('BatchExecuteStatement') || commands.has('ExecuteStatement'),
  cognito: [...commands].filter((name) => name.startsWith('Admin') && !UNSIGNED_COGNITO.has(name)).sort(),
  sendsMail: commands.has('SendEmail'),
  sendsRawMail: commands.has('SendRawEmail'),
  sendsMessages: commands.has('SendMessage') || commands.has('SendMessageBatch'),
  hidesMessages: commands.has('ChangeMessageVisibility'),
  sealsSecrets: commands.has('GenerateDataKey'),
  opensSecrets: commands.has('Decrypt'),
  publishesSms: commands.has('Publish'),
  publishesLive: commands.has('PostToConnection'),
});

describe('declared permissions match the calls the code makes', () => {
  it.each(areasInUse())('the %s area', async (area) => {
    const used = usage(await commandsOf(`functions/api/${area}/index.ts`));
    const declared = API_AREA_PERMISSIONS[area];
    expect({ ...used, hidesMessages: undefined }).toEqual({
      writesTable: declared.table !== 'read',
      updatesByStatement: false,
      cognito: [...declared.cognito].sort(),
      sendsMail: declared.sendsMail,
      sendsRawMail: false,
      sendsMessages: declared.startsChecks || declared.queuesDeliveries === true || declared.queuesSubscriberNotices === true,
      hidesMessages: undefined,
      sealsSecrets: declared.sealsSecrets === true,
      opensSecrets: declared.opensSecrets === true,
      publishesSms: declared.publishesSms === true,
      publishesLive: declared.publishesLive === true,
    });
  });

  const homeFunctions = [...QUEUE_CONSUMERS.filter((row) => row.name !== 'checker'), ...SCHEDULED_FUNCTIONS];
  it.each(homeFunctions.map((row) => [row.name, row.entry] as const))('the %s function', async (name, entry) => {
    const used = usage(await commandsOf(entry));
    const declared = PIPELINE_PERMISSIONS[name]!;
    expect(declared, `${name} declares no permissions`).toBeDefined();
    expect(used).toEqual({
      writesTable: declared.table === 'readWrite',
      updatesByStatement: declared.updatesByStatement === true,
      cognito: [...(declared.cognito ?? [])].sort(),
      sendsMail: declared.sendsMail,
      sendsRawMail: declared.sendsRawMail === true,
      sendsMessages: declared.sendsTo.length > 0,
      hidesMessages: declared.hidesOwnMessages === true,
      sealsSecrets: false,
      opensSecrets: declared.opensSecrets === true,
      publishesSms: declared.publishesSms === true,
      publishesLive: declared.publishesLive === true,
    });
  });

  it('the live-status connection handler writes the table and calls nothing else; its authorizer only reads the membership', async () => {
    expect(usage(await commandsOf('functions/live/connections.ts'))).toEqual({
      writesTable: true,
      updatesByStatement: false,
      cognito: [],
      sendsMail: false,
      sendsRawMail: false,
      sendsMessages: false,
      hidesMessages: false,
      sealsSecrets: false,
      opensSecrets: false,
      publishesSms: false,
      publishesLive: false,
    });
    // The workspace a screen watches is checked on $connect, in the caller check's one BatchGetItem (docs/live-status.md "Pushes").
    expect([...(await commandsOf('functions/live/authorize-connection.ts'))]).toEqual(['BatchGet']);
  });

  it('an area that declares single-item writes sends no batch and no transaction but a storm digest join, and uses every action it is granted', async () => {
    const single = Object.entries(API_AREA_PERMISSIONS).filter(([, allowed]) => allowed.table === 'singleItemWrites').map(([area]) => area);
    expect(single).toEqual(['public']);
    for (const area of single) {
      const code = await bundleOf(`functions/api/${area}/index.ts`);
      // An acknowledgement link's fan-out may join a storm digest (channel-digest-repository.ts): one
      // transaction of a digest and one member item in the owner's partition, which IAM authorizes
      // item by item as UpdateItem and PutItem, the Deny on leading keys included; no other.
      expect(transactionsIn(code)).toEqual(['[digestUpdate']);
      const dynamo = [...(await commandsOf(`functions/api/${area}/index.ts`))].filter((name) =>
        ['Get', 'Query', 'DescribeTable', 'Put', 'Update', 'Delete', 'BatchGet', 'BatchWrite', 'TransactGet', 'Scan'].includes(name),
      );
      const actionOf: Record<string, string> = { Get: 'GetItem', Put: 'PutItem', Update: 'UpdateItem', Delete: 'DeleteItem', Query: 'Query', DescribeTable: 'DescribeTable' };
      expect(dynamo.map((name) => `dynamodb:${actionOf[name] ?? name}`).sort()).toEqual([...SINGLE_ITEM_TABLE_ACTIONS].sort());
    }
  });

  it("the public area's denied partitions are the ones their key builders make", () => {
    const partitions = [
      emailKey('a@example.com').PK,
      paymentRefKey('stripe', 'ref').PK,
      providerPlanKey('stripe', 'pro', 'monthly', 'usd').PK,
      WEBHOOK_EVENTS_PARTITION,
      auditEntryKeys('user', 'entry').PK,
      heartbeatLookupKey('hash').PK,
      statusPageAccessLinkKey('hash').PK,
      statusSlugKey('slug').PK,
    ];
    const matches = (pattern: string, value: string) => (pattern.endsWith('*') ? value.startsWith(pattern.slice(0, -1)) : value === pattern);
    expect(partitions.map((partition) => PUBLIC_AREA_NEVER_WRITES.filter((pattern) => matches(pattern, partition)).length)).toEqual(partitions.map(() => 1));
  });

  it('the checker opens monitor secrets and seals none', async () => {
    const checker = QUEUE_CONSUMERS.find((row) => row.name === 'checker')!;
    expect(usage(await commandsOf(checker.entry))).toMatchObject({ sealsSecrets: false, opensSecrets: true });
  });
});

type Statement = { Effect: 'Allow' | 'Deny'; Action: string | string[]; Resource: unknown; Condition?: unknown };

/** A resource as text: `{"Ref": "X"}` reads `<X>`, `Fn::GetAtt` `<X.Attr>`, `Fn::ImportValue` `<import X>`, joins are joined. */
const textOf = (value: unknown): string => {
  if (typeof value === 'string') return value;
  const node = value as Record<string, unknown>;
  if ('Ref' in node) return `<${String(node.Ref)}>`;
  if ('Fn::GetAtt' in node) return `<${(node['Fn::GetAtt'] as string[]).join('.')}>`;
  if ('Fn::ImportValue' in node) return `<import ${String(node['Fn::ImportValue'])}>`;
  if ('Fn::Join' in node) {
    const [separator, parts] = node['Fn::Join'] as [string, unknown[]];
    return parts.map(textOf).join(separator);
  }
  return JSON.stringify(value);
};

describe('the synthesised policies', () => {
  let statements: { stack: string; policy: string; statement: Statement }[];
  let templates: { stack: string; resources: Record<string, { Type: string; Properties: Record<string, unknown> }> }[];
  beforeAll(() => {
    const app = buildTestApp();
    templates = [app.api, app.checksHome, app.live, ...app.checkers, app.web, app.auth].map((stack) => ({
      stack: stack.stackName,
      resources: Template.fromStack(stack).toJSON().Resources,
    }));
    statements = templates
      .filter(({ stack }) => stack !== app.web.stackName)
      .flatMap(({ stack, resources }) =>
        Object.entries(resources)
          .filter(([, resource]) => resource.Type === 'AWS::IAM::Policy')
          .flatMap(([id, policy]) =>
            ((policy.Properties.PolicyDocument as { Statement: Statement[] }).Statement).map((statement) => ({ stack, policy: id, statement })),
          ),
      );
  });

  it('grant no wildcard action', () => {
    const actions = statements.flatMap(({ statement }) => [statement.Action].flat());
    expect(actions.filter((action) => action.includes('*'))).toEqual([]);
  });

  it('attach no AWS managed policy to any role (each function writes only its own log group)', () => {
    for (const { stack, resources } of templates) {
      for (const [id, role] of Object.entries(resources).filter(([, resource]) => resource.Type === 'AWS::IAM::Role')) {
        // Except CDK's own custom-resource providers (the site bucket's emptying at stack deletion,
        // cross-region reads), whose roles CDK builds with the managed basic execution role
        // (docs/security.md, "The field's own checker").
        if (/^Custom\w+CustomResourceProviderRole[0-9A-F]{8}$/.test(id)) continue;
        expect(role.Properties.ManagedPolicyArns, `${stack} ${id}`).toBeUndefined();
      }
    }
  });

  it("wildcard a resource only for a log group's streams, for SES identities with the sender pinned, for X-Ray's trace writes and for texts to phone numbers", () => {
    const wildcards = statements.filter(({ statement }) => [statement.Resource].flat().some((resource) => textOf(resource).includes('*')));
    expect(wildcards.length).toBeGreaterThan(0);
    for (const { stack, policy, statement } of wildcards) {
      const resources = [statement.Resource].flat().map(textOf);
      if ([statement.Action].flat().every((action) => action.startsWith('logs:'))) {
        expect(statement.Action).toEqual(['logs:CreateLogStream', 'logs:PutLogEvents']);
        expect(resources).toEqual([expect.stringMatching(/^arn:<AWS::Partition>:logs:[\w-]+:\d+:log-group:<\w+Logs[0-9A-F]{8}>:\*$/)]);
      } else if ([statement.Action].flat().every((action) => action.startsWith('xray:'))) {
        // Active tracing: X-Ray's write actions have no resource types, so they are granted on all.
        expect(statement.Action).toEqual(['xray:PutTraceSegments', 'xray:PutTelemetryRecords']);
        expect(resources).toEqual(['*']);
      } else if (statement.Action === 'execute-api:ManageConnections') {
        // Pushes to open screens: a connection id is known only at run time; POST on the live stage only.
        expect(resources).toEqual([expect.stringMatching(/:execute-api:[\w-]+:\d+:.+\/live\/POST\/@connections\/\*$/)]);
      } else if (statement.Action === 'sns:Publish') {
        // Allowed on all (a phone number has no ARN), denied on every SNS ARN by the same policy.
        expect(resources).toEqual([statement.Effect === 'Allow' ? '*' : 'arn:<AWS::Partition>:sns:*:*:*']);
        const denied = statements.filter((other) => other.stack === stack && other.policy === policy && other.statement.Effect === 'Deny');
        expect(denied.map((other) => [other.statement.Action, textOf(other.statement.Resource)])).toEqual([['sns:Publish', 'arn:<AWS::Partition>:sns:*:*:*']]);
      } else {
        expect(['ses:SendEmail', 'ses:SendRawEmail']).toContain(statement.Action);
        expect(resources.filter((resource) => resource.includes('*'))).toEqual([expect.stringMatching(/:ses:[\w-]+:\d+:identity\/\*$/)]);
        expect(statement.Condition).toEqual({ StringEquals: { 'ses:FromAddress': expect.any(String) } });
      }
    }
  });

  it("let each function write only its own log group", () => {
    const logStatements = statements.filter(({ statement }) => [statement.Action].flat().includes('logs:PutLogEvents'));
    for (const { stack, policy, statement } of logStatements) {
      // <Area>Api/Role/DefaultPolicy writes <Area>Api/Logs: the log group's logical id starts like the policy's.
      const owner = policy.replace(/RoleDefaultPolicy[0-9A-F]{8}$/, '');
      expect(textOf([statement.Resource].flat()[0]), `${stack} ${policy}`).toContain(`:log-group:<${owner}Logs`);
    }
  });

  it('name the table and each of its indexes, never every index; a PartiQL update names the table alone', () => {
    const dynamoStatements = statements.filter(({ statement }) => [statement.Action].flat().some((action) => action.startsWith('dynamodb:')));
    const byStatement = (actions: string[]) => actions.every((action) => action === 'dynamodb:PartiQLUpdate');
    const tableResources = dynamoStatements.filter(({ statement }) => !byStatement([statement.Action].flat())).map(({ statement }) => [statement.Resource].flat().map(textOf));
    expect(tableResources.length).toBeGreaterThan(0);
    for (const resources of tableResources) {
      expect(resources.map((resource) => resource.replace(/^.*?(\/index\/|$)/, '$1'))).toEqual(['', ...TABLE.globalIndexes.map((index) => `/index/${index.name}`)]);
    }
    // Only the processor updates by statement (functions/repositories/update-batches.ts); an UPDATE cannot target an index.
    const partiql = dynamoStatements.filter(({ statement }) => byStatement([statement.Action].flat()));
    expect(partiql.map(({ policy }) => policy)).toEqual([expect.stringMatching(/^processorRole/)]);
    for (const { statement } of partiql) expect([statement.Resource].flat().map(textOf).map((resource) => resource.replace(/^.*?(\/index\/|$)/, '$1'))).toEqual(['']);
  });

  it('bind every grant on the secrets key to monitors, channels or two-factor secrets, as the area or function declares', () => {
    const kms = statements.filter(({ statement }) => [statement.Action].flat().some((action) => action.startsWith('kms:')));
    expect(kms.length).toBeGreaterThan(0);
    for (const { stack, policy, statement } of kms) {
      expect(statement.Condition, `${stack} ${policy}`).toEqual({ StringLike: { 'kms:EncryptionContext:upwatch': expect.stringMatching(/^(monitor|channel|two_factor):\*$/) } });
    }
  });

  it('let only the functions that declare publishesLive push to open screens', () => {
    const pushing = statements.filter(({ statement }) => [statement.Action].flat().includes('execute-api:ManageConnections'));
    const declared = [
      ...Object.entries(API_AREA_PERMISSIONS).filter(([, allowed]) => allowed.publishesLive).map(([area]) => `${area.charAt(0).toUpperCase()}${area.slice(1)}Api`),
      ...Object.entries(PIPELINE_PERMISSIONS).filter(([, allowed]) => allowed.publishesLive).map(([name]) => name),
    ];
    expect(pushing).toHaveLength(declared.length);
    for (const { statement } of pushing) expect(statement.Action).toBe('execute-api:ManageConnections');
  });

  it("let the public area write one item at a time, never into the partitions it must not touch", () => {
    const publicStatements = statements.filter(({ policy }) => /^PublicApiRole/.test(policy));
    const table = publicStatements.filter(({ statement }) => [statement.Action].flat().some((action) => action.startsWith('dynamodb:')));
    expect(table.map(({ statement }) => [statement.Effect, [statement.Action].flat().sort()])).toEqual([
      ['Allow', [...SINGLE_ITEM_TABLE_ACTIONS].sort()],
      ['Deny', ['dynamodb:DeleteItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem']],
    ]);
    expect(table[1]!.statement.Condition).toEqual({ 'ForAnyValue:StringLike': { 'dynamodb:LeadingKeys': [...PUBLIC_AREA_NEVER_WRITES] } });
  });

  it('give no Cognito action that no area declares', () => {
    const declared = new Set(Object.values(API_AREA_PERMISSIONS).flatMap((area) => area.cognito.map((action) => `cognito-idp:${action}`)));
    const granted = statements.flatMap(({ statement }) => [statement.Action].flat()).filter((action) => action.startsWith('cognito-idp:'));
    expect(granted.filter((action) => !declared.has(action))).toEqual([]);
  });
});

describe('the secrets each function may read', () => {
  // A production stage has the billing secret (docs/billing.md "Configuration") besides the signing secret.
  type Resource = { Type: string; Properties: Record<string, unknown> };
  let resources: Record<string, Resource>;
  beforeAll(() => {
    const app = buildTestApp({ appUrl: 'https://upwatch.example', mailFrom: 'alerts@upwatch.example', stage: 'prod' });
    resources = Object.assign({}, ...[app.api, app.checksHome].map((stack) => Template.fromStack(stack).toJSON().Resources as Record<string, Resource>));
  });

  /** Each role's Secrets Manager statements, and the secret ids the role's function is told of. */
  const secretsByRole = () => {
    const roles = new Map<string, { named: string[]; statements: Statement[] }>();
    for (const resource of Object.values(resources)) {
      if (resource.Type !== 'AWS::Lambda::Function') continue;
      const role = (resource.Properties.Role as { 'Fn::GetAtt': string[] })['Fn::GetAtt'][0]!;
      const variables = (resource.Properties.Environment as { Variables?: Record<string, unknown> } | undefined)?.Variables ?? {};
      roles.set(role, { named: ['SIGNING_SECRET_ID', 'BILLING_SECRET_ID', 'ORIGIN_SECRET_ID'].filter((name) => name in variables), statements: [] });
    }
    for (const resource of Object.values(resources)) {
      if (resource.Type !== 'AWS::IAM::Policy') continue;
      const document = resource.Properties.PolicyDocument as { Statement: Statement[] };
      for (const { Ref } of resource.Properties.Roles as { Ref: string }[]) {
        roles.get(Ref)?.statements.push(...document.Statement.filter((statement) => [statement.Action].flat().some((action) => action.startsWith('secretsmanager:'))));
      }
    }
    return roles;
  };

  it('is GetSecretValue only, on exactly the secrets its environment names, for every function', () => {
    const roles = secretsByRole();
    for (const secret of ['SIGNING_SECRET_ID', 'BILLING_SECRET_ID', 'ORIGIN_SECRET_ID']) expect([...roles.values()].some(({ named }) => named.includes(secret)), secret).toBe(true);
    for (const [role, { named, statements }] of roles) {
      expect(statements.map((statement) => statement.Action), role).toEqual(named.map(() => 'secretsmanager:GetSecretValue'));
      const resourcesRead = statements.map((statement) => textOf(statement.Resource));
      expect(resourcesRead.filter((resource) => /SigningSecret/.test(resource)), role).toHaveLength(named.includes('SIGNING_SECRET_ID') ? 1 : 0);
      expect(resourcesRead.filter((resource) => /secret:upwatch\/prod\/billing-\?{6}$/.test(resource)), role).toHaveLength(named.includes('BILLING_SECRET_ID') ? 1 : 0);
      expect(resourcesRead.filter((resource) => /OriginSecret/.test(resource)), role).toHaveLength(named.includes('ORIGIN_SECRET_ID') ? 1 : 0);
    }
  });
});
