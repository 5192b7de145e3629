import { ArnFormat, Stack } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { NagSuppressions } from 'cdk-nag';
import { TABLE } from '../../shared/table/table-definition.js';

/**
 * The grants every Upwatch function's declared permissions are made of (docs/security.md, "Least
 * privilege"), each on named resources: the table and each of its indexes by name (no
 * `index/*`), and SES in this account and region only, with the sender pinned.
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

/** The table and every index of shared/table/table-definition.ts, by name. */
export const grantTableAccess = (fn: NodejsFunction, table: ITable, access: keyof typeof TABLE_ACTIONS): void => {
  fn.addToRolePolicy(
    new PolicyStatement({
      actions: [...TABLE_ACTIONS[access]],
      resources: [table.tableArn, ...TABLE.globalIndexes.map((index) => `${table.tableArn}/index/${index.name}`)],
    }),
  );
};

/**
 * `ses:SendEmail` as `mailFrom` only: on the identities of this account and region (the sender's,
 * and in the SES sandbox each recipient's, whose addresses are not known at deploy time) and the
 * stage's configuration set, with the sender pinned by `ses:FromAddress`.
 */
export const grantSendMail = (fn: NodejsFunction, mail: { mailFrom: string; configurationSetName: string }): void => {
  const stack = Stack.of(fn);
  const sesArn = (resource: string, resourceName: string) =>
    stack.formatArn({ service: 'ses', resource, resourceName, arnFormat: ArnFormat.SLASH_RESOURCE_NAME });
  fn.addToRolePolicy(
    new PolicyStatement({
      actions: ['ses:SendEmail'],
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
