import path from 'node:path';
import { ArnFormat, RemovalPolicy, Stack, type CfnElement, type Duration } from 'aws-cdk-lib';
import { PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Architecture, Runtime, Tracing } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { NagSuppressions } from 'cdk-nag';
import { Construct } from 'constructs';

export interface NodeLambdaProps {
  readonly repoRoot: string;
  /** The module exporting `handler`, relative to `repoRoot` (e.g. `functions/queues/run-checks.ts`). */
  readonly entry: string;
  readonly description: string;
  readonly timeout: Duration;
  /** MiB; CPU grows with it. */
  readonly memorySize: number;
  readonly environment: Record<string, string>;
}

// The one runtime of every Upwatch Lambda: the newest Node.js Lambda offers (cdk-nag's
// AwsSolutions-L1 holds it there; docs/security.md). The code is developed and tested on Node 20
// (package.json engines, the local cloud) and uses nothing newer, and every handler is async
// (nodejs24.x no longer calls callback-style handlers), so it runs unchanged on Node 24.
export const LAMBDA_RUNTIME = Runtime.NODEJS_24_X;

// esbuild's ESM output has no `require`, yet some bundled CommonJS dependencies call it for Node
// built-ins; this banner gives them one.
const REQUIRE_SHIM = "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);";

/**
 * Packages that read files of their own at run time, by the entries that reach them: esbuild would
 * inline their code and leave their files behind, so these are installed beside the bundle as node
 * modules instead (NodejsFunction's `nodeModules`: external to esbuild, `npm install`ed into the
 * asset at the lock file's version). pdfkit loads its standard fonts' metrics with
 * `require('#standard-fonts/...')` from its own package (docs/sla-reports.md "Bundling").
 */
export const RUNTIME_FILE_MODULES: Readonly<Record<string, readonly string[]>> = {
  'functions/api/insights/index.ts': ['pdfkit'],
  'functions/scheduled/send-sla-reports.ts': ['pdfkit'],
};

/**
 * Every Upwatch Lambda (API areas, queue consumers, scheduled functions) is built the same way:
 * bundled by esbuild as ESM with source maps, on ARM (cheaper per millisecond), logging to its own
 * log group kept a month, with X-Ray active tracing (Powertools Tracer records into it:
 * functions/observability/tracer.ts, docs/observability.md "Traces"). Only the entry, description,
 * timeout, memory and environment differ.
 *
 * Its execution role is its own and starts empty but for its logs: it may write log streams of its
 * own log group only (AWS's managed AWSLambdaBasicExecutionRole would let it write to every log
 * group of the account). Everything else is granted by its stack from what the function declares
 * (infra/stacks/api-permissions.ts, pipeline-permissions.ts).
 */
export class NodeLambda extends Construct {
  readonly function: NodejsFunction;
  readonly role: Role;

  constructor(scope: Construct, id: string, props: NodeLambdaProps) {
    super(scope, id);

    const logGroup = new LogGroup(this, 'Logs', {
      retention: RetentionDays.ONE_MONTH,
      removalPolicy: RemovalPolicy.DESTROY,
    });

    this.role = new Role(this, 'Role', {
      assumedBy: new ServicePrincipal('lambda.amazonaws.com'),
      description: `Execution role of ${props.entry}`,
    });
    this.role.addToPolicy(
      new PolicyStatement({ actions: ['logs:CreateLogStream', 'logs:PutLogEvents'], resources: [ownLogStreamsArn(logGroup)] }),
    );
    NagSuppressions.addResourceSuppressions(
      this.role,
      [
        {
          id: 'AwsSolutions-IAM5',
          reason:
            'Lambda names a log stream per execution environment at run time, so the streams cannot be listed; the grant stops at the streams of this function\'s own log group.',
          appliesTo: [{ regex: `/^Resource::arn:<AWS::Partition>:logs:[^:]+:[^:]+:log-group:<${Stack.of(this).getLogicalId(logGroup.node.defaultChild as CfnElement)}>:\\*$/` }],
        },
        {
          id: 'AwsSolutions-IAM5',
          reason:
            'Active tracing: Lambda adds xray:PutTraceSegments and xray:PutTelemetryRecords, which X-Ray grants on no narrower resource than all (the actions have no resource types).',
          appliesTo: ['Resource::*'],
        },
      ],
      true,
    );

    this.function = new NodejsFunction(this, 'Function', {
      description: props.description,
      entry: path.resolve(props.repoRoot, props.entry),
      handler: 'handler',
      projectRoot: props.repoRoot,
      depsLockFilePath: path.join(props.repoRoot, 'package-lock.json'),
      runtime: LAMBDA_RUNTIME,
      architecture: Architecture.ARM_64,
      memorySize: props.memorySize,
      timeout: props.timeout,
      logGroup,
      role: this.role,
      tracing: Tracing.ACTIVE,
      environment: {
        ...props.environment,
        // The bundle ships a source map; this makes stack traces in the logs point at our .ts files.
        NODE_OPTIONS: '--enable-source-maps',
      },
      bundling: {
        format: OutputFormat.ESM,
        target: 'node20',
        minify: true,
        sourceMap: true,
        mainFields: ['module', 'main'],
        banner: REQUIRE_SHIM,
        // Bundle the pinned AWS SDK rather than use the runtime's copy, whose version drifts.
        externalModules: [],
        nodeModules: [...(RUNTIME_FILE_MODULES[props.entry.split(path.sep).join('/')] ?? [])],
      },
    });
  }
}

/** The log streams of one log group (`...:log-group:<name>:*`), the resource CreateLogStream and PutLogEvents act on. */
export const ownLogStreamsArn = (logGroup: LogGroup): string =>
  Stack.of(logGroup).formatArn({
    service: 'logs',
    resource: 'log-group',
    resourceName: `${logGroup.logGroupName}:*`,
    arnFormat: ArnFormat.COLON_RESOURCE_NAME,
  });
