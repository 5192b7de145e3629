import path from 'node:path';
import { Duration } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import type { Area } from '../../shared/api/routes.js';
import { API_FUNCTION_TIMEOUT_SECONDS } from '../../shared/api/time-limits.js';
import { NodeLambda } from './node-lambda.js';

export interface ApiFunctionProps {
  readonly area: Area;
  readonly repoRoot: string;
  readonly environment: Record<string, string>;
}

/** Where docs/contracts.md puts an area's Lambda entry, relative to the repository root. */
const apiEntryPath = (area: Area): string => path.join('functions', 'api', area, 'index.ts');

/**
 * The Lambda of one API area (docs/contracts.md "API handlers"): its `handler` dispatches on
 * `event.routeKey`. Built like every Upwatch Lambda (node-lambda.ts).
 */
export class ApiFunction extends NodeLambda {
  constructor(scope: Construct, id: string, props: ApiFunctionProps) {
    super(scope, id, {
      repoRoot: props.repoRoot,
      entry: apiEntryPath(props.area),
      description: `Upwatch API: /api routes of the ${props.area} area`,
      memorySize: 512,
      // Just under API Gateway's 30 s, and longer than force check's wait (shared/api/time-limits.ts).
      timeout: Duration.seconds(API_FUNCTION_TIMEOUT_SECONDS),
      environment: props.environment,
    });
  }
}
