import path from 'node:path';
import { Duration } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import type { Area } from '../../shared/api/routes.js';
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
      // Cognito and SES calls sit on the request path; API Gateway itself gives up after 30 s.
      timeout: Duration.seconds(15),
      environment: props.environment,
    });
  }
}
