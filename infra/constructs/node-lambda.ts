import path from 'node:path';
import { RemovalPolicy, type Duration } from 'aws-cdk-lib';
import { Architecture, Runtime } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
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

// The code is developed and tested on Node 20 (package.json engines, the local cloud) and uses
// nothing newer, so it runs unchanged on Node 22. AWS deprecated nodejs20.x on 2026-04-30 and stops
// creating functions on it on 2027-02-01, so deployments use the supported nodejs22.x.
export const LAMBDA_RUNTIME = Runtime.NODEJS_22_X;

// esbuild's ESM output has no `require`, yet some bundled CommonJS dependencies call it for Node
// built-ins; this banner gives them one.
const REQUIRE_SHIM = "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);";

/**
 * Every Upwatch Lambda (API areas, queue consumers, scheduled functions) is built the same way:
 * bundled by esbuild as ESM with source maps, on ARM (cheaper per millisecond), logging to its own
 * log group kept a month. Only the entry, description, timeout, memory and environment differ.
 */
export class NodeLambda extends Construct {
  readonly function: NodejsFunction;

  constructor(scope: Construct, id: string, props: NodeLambdaProps) {
    super(scope, id);

    const logGroup = new LogGroup(this, 'Logs', {
      retention: RetentionDays.ONE_MONTH,
      removalPolicy: RemovalPolicy.DESTROY,
    });

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
      },
    });
  }
}
