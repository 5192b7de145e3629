import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import { HttpApi, HttpMethod, HttpRoute, HttpRouteKey } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpJwtAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { IUserPool, IUserPoolClient } from 'aws-cdk-lib/aws-cognito';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { Construct } from 'constructs';
import { areasInUse, ROUTES, type Area } from '../../shared/api/routes.js';
import { ApiFunction } from '../constructs/api-function.js';
import { stageResourceName } from './stage-names.js';

export interface ApiStackProps extends StackProps {
  readonly stage: string;
  readonly repoRoot: string;
  readonly table: ITable;
  readonly userPool: IUserPool;
  readonly userPoolClient: IUserPoolClient;
  readonly appUrl: string;
  readonly mailFrom: string;
  /** Recipient of contact-form messages; the functions use mailFrom's address when it is unset. */
  readonly supportEmail?: string;
  /** The check pipeline's queues, for force check (POST /api/monitors/force-check starts rounds). */
  readonly pipeline: { environment: Record<string, string>; queueArns: string[] };
}

/** What the API Lambdas may do to Cognito: user lifecycle and group membership, all server-side. */
const COGNITO_ADMIN_ACTIONS = [
  'cognito-idp:AdminAddUserToGroup',
  'cognito-idp:AdminCreateUser',
  'cognito-idp:AdminDeleteUser',
  'cognito-idp:AdminDisableUser',
  'cognito-idp:AdminEnableUser',
  'cognito-idp:AdminGetUser',
  'cognito-idp:AdminInitiateAuth',
  'cognito-idp:AdminListGroupsForUser',
  'cognito-idp:AdminRemoveUserFromGroup',
  'cognito-idp:AdminSetUserPassword',
  'cognito-idp:AdminUpdateUserAttributes',
  'cognito-idp:AdminUserGlobalSignOut',
  'cognito-idp:ListUsers',
  'cognito-idp:ListUsersInGroup',
];

/**
 * The operator area (docs/admin.md) needs less than the others: it changes identities (edit e-mail
 * and name, deactivate with sign-out, reactivate, delete) but sends no mail and starts no checks.
 */
const ADMIN_AREA_COGNITO_ACTIONS = [
  'cognito-idp:AdminDeleteUser',
  'cognito-idp:AdminDisableUser',
  'cognito-idp:AdminEnableUser',
  'cognito-idp:AdminUpdateUserAttributes',
  'cognito-idp:AdminUserGlobalSignOut',
];

const areaId = (area: Area): string => `${area.charAt(0).toUpperCase()}${area.slice(1)}Api`;

/**
 * The HTTP API, generated from the route table (shared/api/routes.ts): one Lambda per area, one route
 * per row, and the Cognito JWT authorizer on every row that is not public. The local gateway reads the
 * same table, so a route added there exists in both places. Whether a caller is an admin is checked
 * by the handler (group claim), since API Gateway's JWT authorizer cannot test group membership.
 */
export class ApiStack extends Stack {
  readonly httpApi: HttpApi;
  /** Host name of the API's default endpoint, for CloudFront's `/api/*` origin. */
  readonly apiDomainName: string;

  constructor(scope: Construct, id: string, props: ApiStackProps) {
    super(scope, id, props);

    this.httpApi = new HttpApi(this, 'HttpApi', {
      apiName: stageResourceName('upwatch-api', props.stage),
      description: 'Upwatch /api, served to browsers through the CloudFront distribution',
    });
    this.apiDomainName = `${this.httpApi.apiId}.execute-api.${this.region}.${this.urlSuffix}`;

    // Cognito puts no `aud` in access tokens; API Gateway then checks `client_id` against the audience.
    const authorizer = new HttpJwtAuthorizer(
      'CognitoJwt',
      `https://cognito-idp.${this.region}.amazonaws.com/${props.userPool.userPoolId}`,
      { jwtAudience: [props.userPoolClient.userPoolClientId] },
    );

    const environment = {
      TABLE_NAME: props.table.tableName,
      USER_POOL_ID: props.userPool.userPoolId,
      USER_POOL_CLIENT_ID: props.userPoolClient.userPoolClientId,
      APP_URL: props.appUrl,
      MAIL_FROM: props.mailFrom,
      ...(props.supportEmail ? { SUPPORT_EMAIL: props.supportEmail } : {}),
      ...props.pipeline.environment,
    };

    const integrations = new Map<Area, HttpLambdaIntegration>();
    for (const area of areasInUse()) {
      const { function: fn } = new ApiFunction(this, areaId(area), { area, repoRoot: props.repoRoot, environment });
      props.table.grantReadWriteData(fn);
      if (area === 'admin') {
        props.userPool.grant(fn, ...ADMIN_AREA_COGNITO_ACTIONS);
        integrations.set(area, new HttpLambdaIntegration(`${areaId(area)}Integration`, fn));
        continue;
      }
      props.userPool.grant(fn, ...COGNITO_ADMIN_ACTIONS);
      fn.addToRolePolicy(
        new PolicyStatement({
          actions: ['ses:SendEmail', 'ses:SendRawEmail'],
          // SES authorises per identity and per recipient; the condition pins the sender instead.
          resources: ['*'],
          conditions: { StringEquals: { 'ses:FromAddress': props.mailFrom } },
        }),
      );
      fn.addToRolePolicy(new PolicyStatement({ actions: ['sqs:SendMessage'], resources: props.pipeline.queueArns }));
      integrations.set(area, new HttpLambdaIntegration(`${areaId(area)}Integration`, fn));
    }

    for (const route of ROUTES) {
      new HttpRoute(this, `Route-${route.name}`, {
        httpApi: this.httpApi,
        routeKey: HttpRouteKey.with(route.path, HttpMethod[route.method]),
        integration: integrations.get(route.area)!,
        authorizer: route.access === 'public' ? undefined : authorizer,
      });
    }

    new CfnOutput(this, 'ApiEndpoint', { value: this.httpApi.apiEndpoint });
  }
}
