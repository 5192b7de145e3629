import {
  CognitoIdentityProviderClient,
  CreateGroupCommand,
  CreateUserPoolClientCommand,
  UpdateUserPoolClientCommand,
  CreateUserPoolCommand,
  ListUserPoolClientsCommand,
  ListGroupsCommand,
  ListUserPoolsCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import {
  CreateTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  ResourceNotFoundException,
  UpdateTimeToLiveCommand,
  type CreateTableCommandInput,
} from '@aws-sdk/client-dynamodb';
import { CreateQueueCommand, GetQueueAttributesCommand, SQSClient } from '@aws-sdk/client-sqs';
import { keyAttributeNames, TABLE, type TableDefinition } from '../../shared/table/table-definition.js';
import { deadLetterQueueName, maxReceiveCountOf, pipelineQueueNames } from '../../shared/queues.js';
import { ADMIN_GROUP } from '../../shared/auth/roles.js';
import { USER_POOL_CLIENT_NAME, USER_POOL_NAME, PASSWORD_POLICY, WEB_CLIENT_AUTH_FLOWS } from '../auth-settings.js';

/**
 * Idempotent provisioning of the local cloud: every start makes sure the table, the user pool, its
 * client and admin group, and the queues exist, creating only what is missing. Names and shapes come
 * from the same definitions the CDK stacks use.
 */
export interface LocalResources {
  tableName: string;
  userPoolId: string;
  userPoolClientId: string;
  queueUrls: Record<string, string>;
}

export const createTableInput = (table: TableDefinition, tableName: string): CreateTableCommandInput => ({
  TableName: tableName,
  BillingMode: 'PAY_PER_REQUEST',
  AttributeDefinitions: keyAttributeNames(table).map((name) => ({ AttributeName: name, AttributeType: 'S' })),
  KeySchema: [
    { AttributeName: table.partitionKey, KeyType: 'HASH' },
    { AttributeName: table.sortKey, KeyType: 'RANGE' },
  ],
  GlobalSecondaryIndexes: table.globalIndexes.map((index) => ({
    IndexName: index.name,
    KeySchema: [
      { AttributeName: index.partitionKey, KeyType: 'HASH' },
      { AttributeName: index.sortKey, KeyType: 'RANGE' },
    ],
    Projection: { ProjectionType: 'ALL' },
  })),
});

export const ensureTable = async (dynamodb: DynamoDBClient, tableName: string): Promise<void> => {
  try {
    const existing = await dynamodb.send(new DescribeTableCommand({ TableName: tableName }));
    const indexes = new Set(existing.Table?.GlobalSecondaryIndexes?.map((index) => index.IndexName));
    const missing = TABLE.globalIndexes.filter((index) => !indexes.has(index.name));
    if (missing.length) {
      throw new Error(
        `Local table ${tableName} lacks index(es) ${missing.map((i) => i.name).join(', ')} of the table definition. ` +
          'Delete the data dir (UPWATCH_DATA_DIR, default .data/) to rebuild it.',
      );
    }
    return;
  } catch (error) {
    if (!(error instanceof ResourceNotFoundException)) throw error;
  }
  await dynamodb.send(new CreateTableCommand(createTableInput(TABLE, tableName)));
  await dynamodb.send(
    new UpdateTimeToLiveCommand({
      TableName: tableName,
      TimeToLiveSpecification: { AttributeName: TABLE.ttlAttribute, Enabled: true },
    }),
  );
};

const findUserPool = async (cognito: CognitoIdentityProviderClient): Promise<string | undefined> => {
  let NextToken: string | undefined;
  do {
    const page = await cognito.send(new ListUserPoolsCommand({ MaxResults: 60, NextToken }));
    const pool = page.UserPools?.find((candidate) => candidate.Name === USER_POOL_NAME);
    if (pool?.Id) return pool.Id;
    NextToken = page.NextToken;
  } while (NextToken);
  return undefined;
};

export const ensureUserPool = async (
  cognito: CognitoIdentityProviderClient,
): Promise<{ userPoolId: string; userPoolClientId: string }> => {
  const userPoolId =
    (await findUserPool(cognito)) ??
    (
      await cognito.send(
        new CreateUserPoolCommand({
          PoolName: USER_POOL_NAME,
          UsernameAttributes: ['email'],
          Policies: { PasswordPolicy: PASSWORD_POLICY },
        }),
      )
    ).UserPool?.Id;
  if (!userPoolId) throw new Error('cognito-local did not return a user pool id');

  const clients = await cognito.send(new ListUserPoolClientsCommand({ UserPoolId: userPoolId, MaxResults: 60 }));
  const existing = clients.UserPoolClients?.find((client) => client.ClientName === USER_POOL_CLIENT_NAME)?.ClientId;
  // A pool made before the password flow moved behind the API gets the client's flows set again.
  if (existing) {
    await cognito.send(
      new UpdateUserPoolClientCommand({ UserPoolId: userPoolId, ClientId: existing, ClientName: USER_POOL_CLIENT_NAME, ExplicitAuthFlows: [...WEB_CLIENT_AUTH_FLOWS] }),
    );
  }
  const userPoolClientId =
    existing ??
    (
      await cognito.send(
        new CreateUserPoolClientCommand({
          UserPoolId: userPoolId,
          ClientName: USER_POOL_CLIENT_NAME,
          GenerateSecret: false,
          ExplicitAuthFlows: [...WEB_CLIENT_AUTH_FLOWS],
        }),
      )
    ).UserPoolClient?.ClientId;
  if (!userPoolClientId) throw new Error('cognito-local did not return an app client id');

  // ListGroups, not GetGroup: cognito-local 5.3 answers GetGroup on a pool without groups with a 500.
  const groups = await cognito.send(new ListGroupsCommand({ UserPoolId: userPoolId }));
  if (!groups.Groups?.some((group) => group.GroupName === ADMIN_GROUP)) {
    await cognito.send(new CreateGroupCommand({ UserPoolId: userPoolId, GroupName: ADMIN_GROUP }));
  }
  return { userPoolId, userPoolClientId };
};

export const ensureQueues = async (sqs: SQSClient, checkerRegions: readonly string[]): Promise<Record<string, string>> => {
  const urls: Record<string, string> = {};
  for (const name of pipelineQueueNames(checkerRegions)) {
    const dlq = await sqs.send(new CreateQueueCommand({ QueueName: deadLetterQueueName(name) }));
    const dlqArn = (
      await sqs.send(new GetQueueAttributesCommand({ QueueUrl: dlq.QueueUrl, AttributeNames: ['QueueArn'] }))
    ).Attributes?.QueueArn;
    const queue = await sqs.send(
      new CreateQueueCommand({
        QueueName: name,
        Attributes: {
          RedrivePolicy: JSON.stringify({ deadLetterTargetArn: dlqArn, maxReceiveCount: maxReceiveCountOf(name) }),
        },
      }),
    );
    if (!queue.QueueUrl) throw new Error(`fauxqs did not return a URL for ${name}`);
    urls[name] = queue.QueueUrl;
  }
  return urls;
};
