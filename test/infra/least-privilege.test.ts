import path from 'node:path';
import { Template } from 'aws-cdk-lib/assertions';
import { build } from 'esbuild';
import { beforeAll, describe, expect, it } from 'vitest';
import { API_AREA_PERMISSIONS } from '../../infra/stacks/api-permissions.js';
import { PIPELINE_PERMISSIONS } from '../../infra/stacks/pipeline-permissions.js';
import { QUEUE_CONSUMERS, SCHEDULED_FUNCTIONS } from '../../infra/event-sources.js';
import { areasInUse } from '../../shared/api/routes.js';
import { buildTestApp } from './test-app.js';

/**
 * Least privilege, held two ways (docs/security.md): each API area's and pipeline function's
 * declared permissions match the AWS calls its bundled code makes (so an unused action, or a call
 * nobody declared, fails here), and the synthesised policies carry no wildcard action and no
 * wildcard resource but SES's, which is pinned to the sender by a condition. A new area or function
 * is checked as soon as it declares its permissions; it needs no line in this file.
 */

const REPO = path.resolve(import.meta.dirname, '../..');

/**
 * The AWS SDK commands a Lambda entry's own code constructs, read from its tree-shaken bundle (as
 * esbuild builds it for deployment; dependencies left out), so code a module has but the entry
 * never reaches does not count.
 */
const commandsOf = async (entry: string): Promise<Set<string>> => {
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
  const code = result.outputFiles.map((file) => file.text).join('\n');
  return new Set([...code.matchAll(/new (\w+?)Command\d*\(/g)].map((match) => match[1]!));
};

const DYNAMO_WRITES = ['Put', 'Update', 'Delete', 'TransactWrite', 'BatchWrite'];
/** Cognito calls a public app client makes without AWS credentials: no IAM action. */
const UNSIGNED_COGNITO = new Set(['InitiateAuth', 'RevokeToken']);

const usage = (commands: Set<string>) => ({
  writesTable: DYNAMO_WRITES.some((name) => commands.has(name)),
  cognito: [...commands].filter((name) => name.startsWith('Admin') && !UNSIGNED_COGNITO.has(name)).sort(),
  sendsMail: commands.has('SendEmail'),
  sendsMessages: commands.has('SendMessage') || commands.has('SendMessageBatch'),
  hidesMessages: commands.has('ChangeMessageVisibility'),
  sealsSecrets: commands.has('GenerateDataKey'),
  opensSecrets: commands.has('Decrypt'),
});

describe('declared permissions match the calls the code makes', () => {
  it.each(areasInUse())('the %s area', async (area) => {
    const used = usage(await commandsOf(`functions/api/${area}/index.ts`));
    const declared = API_AREA_PERMISSIONS[area];
    expect({ ...used, hidesMessages: undefined }).toEqual({
      writesTable: declared.table === 'readWrite',
      cognito: [...declared.cognito].sort(),
      sendsMail: declared.sendsMail,
      sendsMessages: declared.startsChecks,
      hidesMessages: undefined,
      sealsSecrets: declared.sealsSecrets === true,
      // Only the checkers open monitor secrets (docs/checks.md "Secrets").
      opensSecrets: false,
    });
  });

  const homeFunctions = [...QUEUE_CONSUMERS.filter((row) => row.name !== 'checker'), ...SCHEDULED_FUNCTIONS];
  it.each(homeFunctions.map((row) => [row.name, row.entry] as const))('the %s function', async (name, entry) => {
    const used = usage(await commandsOf(entry));
    const declared = PIPELINE_PERMISSIONS[name]!;
    expect(declared, `${name} declares no permissions`).toBeDefined();
    expect(used).toEqual({
      writesTable: declared.table === 'readWrite',
      cognito: [],
      sendsMail: declared.sendsMail,
      sendsMessages: declared.sendsTo.length > 0,
      hidesMessages: declared.hidesOwnMessages === true,
      sealsSecrets: false,
      opensSecrets: false,
    });
  });

  it('the checker opens monitor secrets and seals none', async () => {
    const checker = QUEUE_CONSUMERS.find((row) => row.name === 'checker')!;
    expect(usage(await commandsOf(checker.entry))).toMatchObject({ sealsSecrets: false, opensSecrets: true });
  });
});

type Statement = { Action: string | string[]; Resource: unknown; Condition?: unknown };

describe('the synthesised policies', () => {
  let statements: { stack: string; statement: Statement }[];
  beforeAll(() => {
    const app = buildTestApp();
    statements = [app.api, app.checksHome, ...app.checkers].flatMap((stack) =>
      Object.values(Template.fromStack(stack).findResources('AWS::IAM::Policy')).flatMap((policy) =>
        (policy.Properties.PolicyDocument.Statement as Statement[]).map((statement) => ({ stack: stack.stackName, statement })),
      ),
    );
  });

  it('grant no wildcard action', () => {
    const actions = statements.flatMap(({ statement }) => [statement.Action].flat());
    expect(actions.filter((action) => action.includes('*'))).toEqual([]);
  });

  it('grant a wildcard resource only to SES, pinned to the sender address', () => {
    const wildcard = statements.filter(({ statement }) => [statement.Resource].flat().includes('*'));
    for (const { statement } of wildcard) {
      expect(statement.Action).toBe('ses:SendEmail');
      expect(statement.Condition).toEqual({ StringEquals: { 'ses:FromAddress': expect.any(String) } });
    }
  });

  it('give no Cognito action that no area declares', () => {
    const declared = new Set(Object.values(API_AREA_PERMISSIONS).flatMap((area) => area.cognito.map((action) => `cognito-idp:${action}`)));
    const granted = statements.flatMap(({ statement }) => [statement.Action].flat()).filter((action) => action.startsWith('cognito-idp:'));
    expect(granted.filter((action) => !declared.has(action))).toEqual([]);
  });
});
