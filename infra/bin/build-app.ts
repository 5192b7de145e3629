import { Annotations, Aspects, CrossStackReferences, ReferenceStrength, type App, type Environment } from 'aws-cdk-lib';
import { AlarmNotifications } from '../aspects/alarm-notifications.js';
import { ApiStack } from '../stacks/api-stack.js';
import { AuthStack } from '../stacks/auth-stack.js';
import { CheckerStack } from '../stacks/checker-stack.js';
import { ChecksHomeStack } from '../stacks/checks-home-stack.js';
import { DataStack } from '../stacks/data-stack.js';
import { EdgeStack } from '../stacks/edge-stack.js';
import { EmailStack } from '../stacks/email-stack.js';
import { LiveStack } from '../stacks/live-stack.js';
import { checkerStackName, stackName, stageResourceName } from '../stacks/stage-names.js';
import { WebStack } from '../stacks/web-stack.js';
import type { AppSettings } from './app-settings.js';

export interface UpwatchStacks {
  data: DataStack;
  auth: AuthStack;
  email: EmailStack;
  /** Live status: the WebSocket API that pushes changes to open screens (docs/live-status.md "Pushes"). */
  live: LiveStack;
  api: ApiStack;
  checksHome: ChecksHomeStack;
  /** One per checker region, in the order of `settings.checkerRegions`. */
  checkers: CheckerStack[];
  web: WebStack;
  /** Only when the home region is not us-east-1 and the WAF is on: the web ACL's stack. */
  edge?: EdgeStack;
}

/** CloudFront reads web ACLs (and certificates) from this region only. */
export const EDGE_REGION = 'us-east-1';

/**
 * E-mail links need the SPA's public origin, but the CloudFront domain cannot be handed to the API
 * stack: the web stack already depends on the API (its `/api/*` origin), so the reverse reference
 * would be a cycle. Without `appUrl` the links use this stand-in and synth warns.
 */
export const APP_URL_PLACEHOLDER = 'https://app.example.com';

/** Adds every Upwatch stack of one stage to `app`; `bin/app.ts` and the infra tests both use this. */
export const buildApp = (app: App, settings: AppSettings): UpwatchStacks => {
  const { stage } = settings;
  // Export/ImportValue between the home stacks: CloudFormation refuses to delete a table or user pool
  // that another stack still uses. Said explicitly, since CDK warns about an unset default.
  CrossStackReferences.of(app).consume(ReferenceStrength.STRONG);
  const home: Environment = { account: settings.account, region: settings.homeRegion };
  const tags = { project: 'upwatch', stage };
  const homeStack = (concern: string) => ({ stackName: stackName(stage, concern), env: home, tags });

  const data = new DataStack(app, stackName(stage, 'Data'), {
    ...homeStack('Data'),
    description: 'Upwatch: the single DynamoDB table',
    stage,
    provisionedCapacity: settings.provisionedCapacity,
  });
  const auth = new AuthStack(app, stackName(stage, 'Auth'), {
    ...homeStack('Auth'),
    description: 'Upwatch: Cognito user pool, web client and admin group',
    stage,
    repoRoot: settings.repoRoot,
    threatProtection: settings.threatProtection,
  });
  const email = new EmailStack(app, stackName(stage, 'Email'), {
    ...homeStack('Email'),
    description: 'Upwatch: SES sender identity and configuration set',
    stage,
    mailFrom: settings.mailFrom,
    domainName: settings.domainName,
  });
  const live = new LiveStack(app, stackName(stage, 'Live'), {
    ...homeStack('Live'),
    description: 'Upwatch: the live-status WebSocket API, its authorizer and connection handler',
    stage,
    repoRoot: settings.repoRoot,
    table: data.table,
    userPool: auth.userPool,
    userPoolClient: auth.userPoolClient,
  });
  const checksHome = new ChecksHomeStack(app, stackName(stage, 'ChecksHome'), {
    ...homeStack('ChecksHome'),
    description:
      'Upwatch: dispatcher and its schedules, result processor, mailer, channel deliverer, subscriber mailer, sweepers, reports, check results, alerts, channel-deliveries and subscriber-notices queues',
    stage,
    repoRoot: settings.repoRoot,
    table: data.table,
    secretsKey: data.secretsKey,
    checkerRegions: settings.checkerRegions,
    mail: { mailFrom: email.mailFrom, appUrl: settings.appUrl ?? APP_URL_PLACEHOLDER },
    billing: { secretName: settings.billingSecretName },
    live,
    signingSecret: data.signingSecret,
    userPool: auth.userPool,
  });
  // The mailer and the reports send as soon as they run: the identity must exist first.
  checksHome.addDependency(email);
  const api = new ApiStack(app, stackName(stage, 'Api'), {
    ...homeStack('Api'),
    description: 'Upwatch: HTTP API and its Lambdas, generated from the route table',
    stage,
    repoRoot: settings.repoRoot,
    table: data.table,
    secretsKey: data.secretsKey,
    signingSecret: data.signingSecret,
    userPool: auth.userPool,
    userPoolClient: auth.userPoolClient,
    appUrl: settings.appUrl ?? APP_URL_PLACEHOLDER,
    mailFrom: email.mailFrom,
    supportEmail: settings.supportEmail,
    pipeline: {
      environment: checksHome.pipelineEnvironment,
      queueArns: checksHome.pipelineQueueArns,
      channelDeliveriesQueueArn: checksHome.channelDeliveriesQueue.queue.queueArn,
      subscriberNoticesQueueArn: checksHome.subscriberNoticesQueue.queue.queueArn,
    },
    billing: { secretName: settings.billingSecretName, allowedOrigins: settings.allowedOrigins },
    live,
  });
  // The API sends mail as soon as it serves; the identity must exist first (no token links them).
  api.addStackDependency(email);
  if (!settings.appUrl) {
    Annotations.of(api).addWarningV2(
      'upwatch:app-url-missing',
      `appUrl not set: e-mail links point at ${APP_URL_PLACEHOLDER}. Deploy with -c appUrl=<your domain or the WebUrl output of ${stackName(stage, 'Web')}>.`,
    );
  }

  const checkers = settings.checkerRegions.map(
    (region) =>
      new CheckerStack(app, checkerStackName(stage, region), {
        stackName: checkerStackName(stage, region),
        env: { account: settings.account, region },
        tags,
        description: `Upwatch: check queue and checker of ${region}`,
        stage,
        repoRoot: settings.repoRoot,
        homeRegion: settings.homeRegion,
      }),
  );

  // CloudFront's web ACL must live in us-east-1: in the web stack when that is the home region, else
  // in an Edge stack there, whose ARN the web stack reads across regions.
  const webAclName = stageResourceName('upwatch-edge', stage);
  const edge =
    settings.webFirewall && settings.homeRegion !== EDGE_REGION
      ? new EdgeStack(app, stackName(stage, 'Edge'), {
          stackName: stackName(stage, 'Edge'),
          env: { account: settings.account, region: EDGE_REGION },
          tags,
          description: "Upwatch: the WAF web ACL in front of CloudFront (us-east-1, CloudFront's region)",
          webAclName,
        })
      : undefined;
  const web = new WebStack(app, stackName(stage, 'Web'), {
    ...homeStack('Web'),
    crossRegionReferences: edge !== undefined,
    firewall: !settings.webFirewall ? 'off' : edge ? { webAclArn: edge.firewall.webAclArn } : { build: webAclName },
    customDomain:
      settings.webDomainName && settings.webCertificateArn
        ? { domainName: settings.webDomainName, certificateArn: settings.webCertificateArn }
        : undefined,
    description: 'Upwatch: SPA bucket and the CloudFront distribution in front of SPA and API',
    apiDomainName: api.apiDomainName,
    originSecret: api.originSecret,
    userPool: auth.userPool,
    userPoolClient: auth.userPoolClient,
    webDistDirectory: settings.webDistDirectory,
    supportEmail: settings.supportEmail,
    liveSocketUrl: live.socketUrl,
    ...(settings.appUrl ? { siteOrigin: settings.appUrl } : {}),
  });

  Aspects.of(app).add(new AlarmNotifications({ alarmEmail: settings.alarmEmail, stage }));
  return { data, auth, email, live, api, checksHome, checkers, web, ...(edge ? { edge } : {}) };
};
