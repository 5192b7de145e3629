import { ArnFormat, Stack } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { Effect, PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { IKey } from 'aws-cdk-lib/aws-kms';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { NagSuppressions } from 'cdk-nag';
import { TABLE } from '../../shared/table/table-definition.js';

/**
 * The grants every Upwatch function's declared permissions are made of (docs/security.md, "Least
 * privilege"), each on named resources: the table and each of its indexes by name (no
 * `index/*`), SES in this account and region only, with the sender pinned, the secrets key for
 * data keys bound to one kind of owner, and SNS for phone numbers only.
 */

/**
 * DynamoDB actions per declared table access. No Scan (no code scans the table) and no stream
 * actions (the table has no stream); ConditionCheckItem is a transaction's guard, DescribeTable the
 * health check's.
 */
export const TABLE_ACTIONS = {
  read: ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:Query', 'dynamodb:ConditionCheckItem', 'dynamodb:DescribeTable'],
  readWrite: [
    'dynamodb:GetItem',
    'dynamodb:BatchGetItem',
    'dynamodb:Query',
    'dynamodb:ConditionCheckItem',
    'dynamodb:DescribeTable',
    'dynamodb:PutItem',
    'dynamodb:UpdateItem',
    'dynamodb:DeleteItem',
    'dynamodb:BatchWriteItem',
  ],
} as const;

/**
 * Single-item writes only: the public area (docs/security.md "Least privilege") answers callers with
 * no session, so its writes are one item at a time (Put, Update, Delete) and never a batch or a
 * transaction, which could touch many partitions in one call.
 */
export const SINGLE_ITEM_TABLE_ACTIONS = ['dynamodb:GetItem', 'dynamodb:Query', 'dynamodb:DescribeTable', 'dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem'] as const;

/**
 * Partitions the public area never writes, whatever a bug or an injected key would make it try:
 * the e-mail claims (keys.ts 2), payment references, provider plans and webhook events (26, 29,
 * 30), the operators' audit trail (36), a heartbeat's and a private page's secrets (39, 62) and the
 * status page slugs (51). Denied by `dynamodb:LeadingKeys`, which names the partition key a write
 * goes to; test/infra/least-privilege.test.ts checks each prefix against its key builder.
 */
export const PUBLIC_AREA_NEVER_WRITES = ['EMAIL#*', 'PAYMENT_REF#*', 'PROVIDER_PLAN#*', 'WEBHOOK_EVENT', 'AUDIT#*', 'HEARTBEAT#*', 'SP_ACCESS#*', 'STATUS_SLUG#*'] as const;

/** The table and every index of shared/table/table-definition.ts, by name. */
export const grantTableAccess = (fn: NodejsFunction, table: ITable, access: keyof typeof TABLE_ACTIONS | 'singleItemWrites'): void => {
  const resources = [table.tableArn, ...TABLE.globalIndexes.map((index) => `${table.tableArn}/index/${index.name}`)];
  if (access !== 'singleItemWrites') {
    fn.addToRolePolicy(new PolicyStatement({ actions: [...TABLE_ACTIONS[access]], resources }));
    return;
  }
  fn.addToRolePolicy(new PolicyStatement({ actions: [...SINGLE_ITEM_TABLE_ACTIONS], resources }));
  fn.addToRolePolicy(
    new PolicyStatement({
      effect: Effect.DENY,
      actions: ['dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem'],
      resources,
      conditions: { 'ForAnyValue:StringLike': { 'dynamodb:LeadingKeys': [...PUBLIC_AREA_NEVER_WRITES] } },
    }),
  );
};

/**
 * `dynamodb:PartiQLUpdate` on the table itself: UPDATE statements, which BatchExecuteStatement
 * sends many to a call (functions/repositories/update-batches.ts). Statements on an index cannot
 * write, so no index is named.
 */
export const grantStatementUpdates = (fn: NodejsFunction, table: ITable): void => {
  fn.addToRolePolicy(new PolicyStatement({ actions: ['dynamodb:PartiQLUpdate'], resources: [table.tableArn] }));
};

/**
 * `ses:SendEmail` as `mailFrom` only: on the identities of this account and region (the sender's,
 * and in the SES sandbox each recipient's, whose addresses are not known at deploy time) and the
 * stage's configuration set, with the sender pinned by `ses:FromAddress`.
 */
export const grantSendMail = (fn: NodejsFunction, mail: { mailFrom: string; configurationSetName: string }): void =>
  grantSesAction(fn, mail, 'ses:SendEmail');

/**
 * `ses:SendRawEmail` under the same pins as grantSendMail: for mails that carry headers of their own
 * (a status page subscriber's List-Unsubscribe), which SES's simple SendEmail cannot set.
 */
export const grantSendRawMail = (fn: NodejsFunction, mail: { mailFrom: string; configurationSetName: string }): void =>
  grantSesAction(fn, mail, 'ses:SendRawEmail');

const grantSesAction = (fn: NodejsFunction, mail: { mailFrom: string; configurationSetName: string }, action: string): void => {
  const stack = Stack.of(fn);
  const sesArn = (resource: string, resourceName: string) =>
    stack.formatArn({ service: 'ses', resource, resourceName, arnFormat: ArnFormat.SLASH_RESOURCE_NAME });
  fn.addToRolePolicy(
    new PolicyStatement({
      actions: [action],
      resources: [sesArn('identity', '*'), sesArn('configuration-set', mail.configurationSetName)],
      conditions: { StringEquals: { 'ses:FromAddress': mail.mailFrom } },
    }),
  );
  NagSuppressions.addResourceSuppressions(
    fn.role!,
    [
      {
        id: 'AwsSolutions-IAM5',
        reason:
          'SES authorises a send against the sender identity and, in the SES sandbox, against each recipient identity, which cannot be named at deploy time; the grant is this account and region\'s identities only, and the ses:FromAddress condition pins the sender to mailFrom.',
        appliesTo: [{ regex: '/^Resource::arn:<AWS::Partition>:ses:[^:]+:[^:]+:identity\\/\\*$/' }],
      },
    ],
    true,
  );
};

/** What a sealed secret belongs to: the prefix of its KMS encryption context (functions/secrets/envelope.ts). */
export type SecretOwner = 'monitor' | 'channel' | 'two_factor';

/**
 * `actions` on the data stack's secrets key for data keys bound to `owner` only (the encryption
 * context `upwatch` is `<owner>:<id>`), so a function that seals or opens channel secrets can do
 * nothing with a monitor's, and the other way round; and the key's ARN and region in the
 * function's environment (SECRETS_KMS_KEY_ID, SECRETS_KMS_REGION), where the envelope finds it.
 */
export const grantSecretsKey = (
  fn: NodejsFunction,
  key: IKey,
  grant: { actions: readonly ('kms:GenerateDataKey' | 'kms:Decrypt')[]; owner: SecretOwner },
): void => {
  fn.addToRolePolicy(
    new PolicyStatement({
      actions: [...grant.actions],
      resources: [key.keyArn],
      conditions: { StringLike: { 'kms:EncryptionContext:upwatch': `${grant.owner}:*` } },
    }),
  );
  fn.addEnvironment('SECRETS_KMS_KEY_ID', key.keyArn);
  fn.addEnvironment('SECRETS_KMS_REGION', Stack.of(fn).region);
};

/**
 * `sns:Publish` for alert text messages, sent straight to a phone number (functions/repositories/
 * sms-repository.ts). A phone number has no ARN and SNS offers no condition key on it (its own
 * keys, sns:Endpoint and sns:Protocol, apply to Subscribe), so the allow is on all resources; a
 * deny on every SNS ARN (topics and app endpoints, in any region and account) leaves phone numbers
 * as the only thing the function can publish to.
 */
export const grantPublishSms = (fn: NodejsFunction): void => {
  const partition = Stack.of(fn).partition;
  fn.addToRolePolicy(new PolicyStatement({ actions: ['sns:Publish'], resources: ['*'] }));
  fn.addToRolePolicy(new PolicyStatement({ effect: Effect.DENY, actions: ['sns:Publish'], resources: [`arn:${partition}:sns:*:*:*`] }));
  NagSuppressions.addResourceSuppressions(
    fn.role!,
    [
      {
        id: 'AwsSolutions-IAM5',
        reason:
          'SNS text messages are published to a phone number, which has no ARN and no condition key, so sns:Publish is allowed on all resources; the same policy denies it on every SNS ARN, so no topic or app endpoint can be published to.',
        appliesTo: ['Resource::*'],
      },
    ],
    true,
  );
};

/**
 * `secretsmanager:GetSecretValue` on one secret, the only Secrets Manager call our code makes
 * (functions/billing-config.ts, functions/secrets/signing-key.ts). CDK's `grantRead` adds
 * DescribeSecret too, which reads the secret's metadata (rotation, tags, versions) and nothing uses.
 * A secret known by name only is matched with Secrets Manager's six-character suffix (`-??????`).
 */
export const grantSecretValue = (fn: NodejsFunction, secret: ISecret): void => {
  fn.addToRolePolicy(
    new PolicyStatement({
      actions: ['secretsmanager:GetSecretValue'],
      resources: [secret.secretFullArn ?? `${secret.secretArn}-??????`],
    }),
  );
};
