import path from 'node:path';
import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import { Architecture, Runtime } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import type { Area } from '../../shared/api/routes.js';

export interface ApiFunctionProps {
  readonly area: Area;
  readonly repoRoot: string;
  readonly environment: Record<string, string>;
}

/** Where docs/contracts.md puts an area's Lambda entry. */
const apiEntryPath = (repoRoot: string, area: Area): string =>
  path.join(repoRoot, 'functions', 'api', area, 'index.ts');

// The code is developed and tested on Node 20 (package.json engines, the local cloud) and uses
// nothing newer, so it runs unchanged on Node 22. AWS deprecated nodejs20.x on 2026-04-30 and stops
// creating functions on it on 2027-02-01, so deployments use the supported nodejs22.x.
export const API_RUNTIME = Runtime.NODEJS_22_X;

// esbuild's ESM output has no `require`, yet some bundled CommonJS dependencies call it for Node
// built-ins; this banner gives them one.
const REQUIRE_SHIM = "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);";

/**
 * The Lambda of one API area (docs/contracts.md "API handlers"): its `handler` dispatches on
 * `event.routeKey`. Bundled by esbuild as ESM for the Lambda runtime on ARM (cheaper per millisecond).
 */
export class ApiFunction extends Construct {
  readonly function: NodejsFunction;

  constructor(scope: Construct, id: string, props: ApiFunctionProps) {
    super(scope, id);

    const logGroup = new LogGroup(this, 'Logs', {
      retention: RetentionDays.ONE_MONTH,
      removalPolicy: RemovalPolicy.DESTROY,
    });

    this.function = new NodejsFunction(this, 'Function', {
      description: `Upwatch API: /api routes of the ${props.area} area`,
      entry: apiEntryPath(props.repoRoot, props.area),
      handler: 'handler',
      projectRoot: props.repoRoot,
      depsLockFilePath: path.join(props.repoRoot, 'package-lock.json'),
      runtime: API_RUNTIME,
      architecture: Architecture.ARM_64,
      memorySize: 512,
      // Cognito and SES calls sit on the request path; API Gateway itself gives up after 30 s.
      timeout: Duration.seconds(15),
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
