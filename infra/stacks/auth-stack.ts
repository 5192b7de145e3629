import { CfnOutput, Duration, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import {
  AccountRecovery,
  CfnUserPoolGroup,
  ClientAttributes,
  FeaturePlan,
  LambdaVersion,
  StandardThreatProtectionMode,
  UserPool,
  UserPoolOperation,
  type UserPoolClient,
} from 'aws-cdk-lib/aws-cognito';
import { NagSuppressions } from 'cdk-nag';
import type { Construct } from 'constructs';
import { ADMIN_GROUP, PASSWORD_POLICY, USER_POOL_CLIENT_NAME, USER_POOL_NAME } from '../auth-settings.js';
import { NodeLambda } from '../constructs/node-lambda.js';
import { stageResourceName } from './stage-names.js';

export interface AuthStackProps extends StackProps {
  readonly stage: string;
  /** Where the repository is: the token trigger's code is bundled from it. */
  readonly repoRoot: string;
  /** Cognito threat protection (Plus plan, per-MAU cost, docs/deploy.md); `off` keeps the Essentials plan. */
  readonly threatProtection: 'off' | 'audit' | 'enforced';
}

const THREAT_PROTECTION_MODE = {
  audit: StandardThreatProtectionMode.AUDIT_ONLY,
  enforced: StandardThreatProtectionMode.FULL_FUNCTION,
} as const;

/**
 * The Cognito user pool. The API owns registration, e-mail verification and password reset and sends
 * those mails through SES with our own links (docs/security.md "Tokens and sessions"), so the pool is configured never to
 * mail anyone itself: no self sign-up, no auto-verified attributes, no Cognito account recovery.
 * The password rule and names come from infra/auth-settings.ts, which the local cloud applies too.
 */
export class AuthStack extends Stack {
  readonly userPool: UserPool;
  readonly userPoolClient: UserPoolClient;

  constructor(scope: Construct, id: string, props: AuthStackProps) {
    super(scope, id, props);

    this.userPool = new UserPool(this, 'UserPool', {
      userPoolName: stageResourceName(USER_POOL_NAME, props.stage),
      signInAliases: { email: true },
      signInCaseSensitive: false,
      selfSignUpEnabled: false,
      autoVerify: { email: false },
      // Not `required`: Cognito makes a required attribute writable by every app client, and this
      // client is public (its id is in /config.json), so anyone with an access token could change
      // their address behind the API's back. Only the API sets it (AdminCreateUser, admin edits).
      standardAttributes: { email: { required: false, mutable: true } },
      passwordPolicy: {
        minLength: PASSWORD_POLICY.MinimumLength,
        requireLowercase: PASSWORD_POLICY.RequireLowercase,
        requireUppercase: PASSWORD_POLICY.RequireUppercase,
        requireDigits: PASSWORD_POLICY.RequireNumbers,
        requireSymbols: PASSWORD_POLICY.RequireSymbols,
      },
      accountRecovery: AccountRecovery.NONE,
      // Threat protection (compromised credentials, risky sign-ins) needs the Plus plan.
      ...(props.threatProtection === 'off'
        ? { featurePlan: FeaturePlan.ESSENTIALS }
        : { featurePlan: FeaturePlan.PLUS, standardThreatProtectionMode: THREAT_PROTECTION_MODE[props.threatProtection] }),
      // Identities cannot be recreated (every user would need a new password): keep them.
      removalPolicy: RemovalPolicy.RETAIN,
    });

    NagSuppressions.addResourceSuppressions(this.userPool, [
      {
        id: 'AwsSolutions-COG1',
        reason:
          "The product's password rule is 8 or more characters and nothing more (infra/auth-settings.ts, applied locally too); composition rules are not required by NIST SP 800-63B. Guessing is held by the API's failed sign-in limits per address and IP, Cognito's lockout, and threat protection's compromised-password check.",
      },
      {
        id: 'AwsSolutions-COG2',
        reason:
          "MFA stays off until the app's sign-in answers an MFA challenge: sign-in runs through the API (USER_PASSWORD_AUTH), which has no TOTP step, and the web client is public, so with optional TOTP anyone holding a user's access token could enrol an authenticator through Cognito and lock the owner out of the app for good.",
      },
      ...(props.threatProtection === 'off'
        ? [
            {
              id: 'AwsSolutions-COG8',
              reason:
                'Threat protection (Plus plan, charged per monthly active user) is switched off for this stage (threatProtection=off, docs/deploy.md); the API keeps its own sign-in limits.',
            },
          ]
        : []),
    ]);

    this.userPoolClient = this.userPool.addClient('WebClient', {
      userPoolClientName: USER_POOL_CLIENT_NAME,
      generateSecret: false,
      // The client id is public (config.json), so no flow a caller could use with it alone takes a
      // password: only ADMIN_USER_PASSWORD_AUTH, which needs the auth and admin areas' IAM
      // (cognito-idp:AdminInitiateAuth), so every sign-in passes the API's limits (docs/security.md
      // "Tokens and sessions"). CDK adds ALLOW_REFRESH_TOKEN_AUTH to any flow list.
      authFlows: { adminUserPassword: true },
      // No hosted UI: the SPA signs in through the API and Amplify.
      disableOAuth: true,
      // "Wrong e-mail" and "wrong password" must be indistinguishable to a caller.
      preventUserExistenceErrors: true,
      // The client id is public, so a signed-in user can call Cognito with their own access token.
      // They may write only their display name (which the API never reads): no e-mail change that
      // skips our verification (an empty list would mean "all standard attributes" to Cognito).
      writeAttributes: new ClientAttributes().withStandardAttributes({ fullname: true }),
      readAttributes: new ClientAttributes().withStandardAttributes({ fullname: true, email: true, emailVerified: true }),
    });

    // Access tokens are made without the aws.cognito.signin.user.admin scope, so a token (stolen or
    // not) cannot call Cognito's user-facing API around ours: no DeleteUser behind the erasure, no
    // attribute change, no authenticator enrolled (docs/security.md "Tokens and sessions"). V2 needs
    // the Essentials or Plus plan, which every stage has.
    const tokenScopes = new NodeLambda(this, 'TokenScopes', {
      repoRoot: props.repoRoot,
      entry: 'functions/triggers/token-scopes.ts',
      description: 'Cognito pre token generation: access tokens without the self-service scope',
      timeout: Duration.seconds(5),
      memorySize: 128,
      environment: {},
    });
    this.userPool.addTrigger(UserPoolOperation.PRE_TOKEN_GENERATION_CONFIG, tokenScopes.function, LambdaVersion.V2_0);

    new CfnUserPoolGroup(this, 'AdminGroup', {
      userPoolId: this.userPool.userPoolId,
      groupName: ADMIN_GROUP,
      description: 'Operators: may call /api/admin/*',
    });

    new CfnOutput(this, 'UserPoolId', { value: this.userPool.userPoolId });
    new CfnOutput(this, 'UserPoolClientId', { value: this.userPoolClient.userPoolClientId });
  }
}
