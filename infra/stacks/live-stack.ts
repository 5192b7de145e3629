import { CfnOutput, Duration, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import { LogGroupLogDestination, WebSocketApi, WebSocketStage } from 'aws-cdk-lib/aws-apigatewayv2';
import { WebSocketLambdaAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import { WebSocketLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { IUserPool, IUserPoolClient } from 'aws-cdk-lib/aws-cognito';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { NagSuppressions } from 'cdk-nag';
import type { Construct } from 'constructs';
import { LIVE_STAGE, LIVE_TOKEN_PARAMETER } from '../../shared/live/messages.js';
import { grantTableAccess } from '../constructs/function-grants.js';
import { NodeLambda } from '../constructs/node-lambda.js';
import { stageResourceName } from './stage-names.js';

export interface LiveStackProps extends StackProps {
  readonly stage: string;
  readonly repoRoot: string;
  readonly table: ITable;
  readonly userPool: IUserPool;
  readonly userPoolClient: IUserPoolClient;
}

/**
 * Stage-wide throttling of the socket API (connects and the management API's posts count): far
 * above what open screens need, a ceiling on what a flood could cost.
 */
export const LIVE_THROTTLE = { rateLimit: 500, burstLimit: 1000 } as const;

/**
 * Live status (docs/live-status.md "Pushes"): an API Gateway WebSocket API whose `$connect` is
 * authorized with the user pool's access token (functions/live/authorize-connection.ts) and whose
 * `$connect` / `$disconnect` keep the connection rows in the table (functions/live/connections.ts).
 * The functions that publish are granted `execute-api:ManageConnections` on this stage only, and
 * get its management endpoint, through `grantPublish`.
 */
export class LiveStack extends Stack {
  readonly socketApi: WebSocketApi;
  readonly socketStage: WebSocketStage;
  /** The URL the SPA connects to (`wss://<api>.execute-api.<region>.amazonaws.com/live`), for /config.json. */
  readonly socketUrl: string;

  constructor(scope: Construct, id: string, props: LiveStackProps) {
    super(scope, id, props);

    const { function: connections } = new NodeLambda(this, 'Connections', {
      repoRoot: props.repoRoot,
      entry: 'functions/live/connections.ts',
      description: 'Live status: records and forgets WebSocket connections ($connect, $disconnect)',
      timeout: Duration.seconds(10),
      memorySize: 256,
      environment: { TABLE_NAME: props.table.tableName },
    });
    grantTableAccess(connections, props.table, 'readWrite');

    const { function: authorizerFn } = new NodeLambda(this, 'Authorizer', {
      repoRoot: props.repoRoot,
      entry: 'functions/live/authorize-connection.ts',
      description: "Live status: verifies the user pool's access token and the workspace membership on $connect",
      timeout: Duration.seconds(10),
      memorySize: 256,
      environment: {
        USER_POOL_ID: props.userPool.userPoolId,
        USER_POOL_CLIENT_ID: props.userPoolClient.userPoolClientId,
        TABLE_NAME: props.table.tableName,
      },
    });
    // The membership of the workspace a screen watches is read on $connect (docs/live-status.md "Pushes").
    grantTableAccess(authorizerFn, props.table, 'read');

    this.socketApi = new WebSocketApi(this, 'SocketApi', {
      apiName: stageResourceName('upwatch-live', props.stage),
      description: 'Upwatch live status: pushes state changes to open screens',
      connectRouteOptions: {
        integration: new WebSocketLambdaIntegration('Connect', connections),
        authorizer: new WebSocketLambdaAuthorizer('AccessToken', authorizerFn, {
          identitySource: [`route.request.querystring.${LIVE_TOKEN_PARAMETER}`],
        }),
      },
      disconnectRouteOptions: { integration: new WebSocketLambdaIntegration('Disconnect', connections) },
    });
    const accessLogs = new LogGroup(this, 'AccessLogs', { retention: RetentionDays.ONE_MONTH, removalPolicy: RemovalPolicy.DESTROY });
    this.socketStage = new WebSocketStage(this, 'Stage', {
      webSocketApi: this.socketApi,
      stageName: LIVE_STAGE,
      autoDeploy: true,
      throttle: LIVE_THROTTLE,
      accessLogSettings: {
        destination: new LogGroupLogDestination(accessLogs),
        format: AccessLogFormat.custom(
          JSON.stringify({
            requestId: '$context.requestId',
            requestTime: '$context.requestTime',
            routeKey: '$context.routeKey',
            eventType: '$context.eventType',
            connectionId: '$context.connectionId',
            status: '$context.status',
            integrationError: '$context.integrationErrorMessage',
            authorizerError: '$context.authorizer.error',
            sourceIp: '$context.identity.sourceIp',
            principal: '$context.authorizer.principalId',
          }),
        ),
      },
    });
    this.socketUrl = this.socketStage.url;
    // `$disconnect` runs for a connection its `$connect` authorizer already let in; API Gateway
    // allows an authorizer on `$connect` only.
    NagSuppressions.addResourceSuppressionsByPath(
      this,
      `/${this.node.path}/SocketApi/$disconnect-Route/Resource`,
      [{ id: 'AwsSolutions-APIG4', reason: 'WebSocket APIs authorize on $connect only; $disconnect belongs to a connection already authorized there.' }],
    );

    new CfnOutput(this, 'LiveSocketUrl', { value: this.socketUrl });
  }

  /**
   * Lets `fn` push to open screens: `execute-api:ManageConnections` on this stage's
   * `@connections` only, and the management endpoint in `LIVE_CONNECTIONS_ENDPOINT`.
   */
  grantPublish(fn: NodejsFunction): void {
    // Narrower than CDK's grantManagementApiAccess (every method): publishers only post.
    fn.addToRolePolicy(new PolicyStatement({ actions: ['execute-api:ManageConnections'], resources: [this.postToConnectionsArn()] }));
    NagSuppressions.addResourceSuppressions(
      fn.role!,
      [
        {
          id: 'AwsSolutions-IAM5',
          reason: 'A connection id is known only at run time; the grant stops at POST to the connections of the live-status stage.',
          appliesTo: [{ regex: `/^Resource::.*execute-api.*\\/${LIVE_STAGE}\\/POST\\/@connections\\/\\*$/` }],
        },
      ],
      true,
    );
    fn.addEnvironment('LIVE_CONNECTIONS_ENDPOINT', this.socketStage.callbackUrl);
  }

  /** `execute-api:ManageConnections` resource of PostToConnection on this stage: `<api arn>/live/POST/@connections/*`. */
  postToConnectionsArn(): string {
    return `${this.formatArn({ service: 'execute-api', resource: this.socketApi.apiId })}/${LIVE_STAGE}/POST/@connections/*`;
  }
}
