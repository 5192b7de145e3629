import path from 'node:path';
import { Duration } from 'aws-cdk-lib';
import { Alarm, ComparisonOperator, MathExpression, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
import type { Construct } from 'constructs';
import type { Area } from '../../shared/api/routes.js';
import { API_FUNCTION_TIMEOUT_SECONDS } from '../../shared/api/time-limits.js';
import { NodeLambda } from './node-lambda.js';

export interface ApiFunctionProps {
  readonly area: Area;
  readonly repoRoot: string;
  readonly environment: Record<string, string>;
  /** Name of the error-rate alarm; unique in the account and region (carry the stage). */
  readonly alarmName: string;
}

/** Share of an area's invocations that may fail (crash or timeout) in 5 minutes before its alarm fires. */
export const API_ERROR_RATE_PERCENT = 1;

/** Where docs/contracts.md puts an area's Lambda entry, relative to the repository root. */
const apiEntryPath = (area: Area): string => path.join('functions', 'api', area, 'index.ts');

/**
 * The Lambda of one API area (docs/contracts.md "API handlers"): its `handler` dispatches on
 * `event.routeKey`. Built like every Upwatch Lambda (node-lambda.ts).
 */
export class ApiFunction extends NodeLambda {
  readonly errorRateAlarm: Alarm;

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

    // A route's own failures are answers (4xx, or a 500 the handler chain maps); a Lambda error is a
    // crash or a timeout. The share of them, so a busy area and a quiet one alarm alike.
    this.errorRateAlarm = new Alarm(this, 'ErrorRateAlarm', {
      alarmName: props.alarmName,
      alarmDescription: `Upwatch API ${props.area} area: more than ${API_ERROR_RATE_PERCENT} % of invocations failed (crash or timeout) in 5 minutes. See its log group (docs/observability.md).`,
      metric: new MathExpression({
        expression: 'IF(invocations > 0, 100 * errors / invocations, 0)',
        usingMetrics: {
          errors: this.function.metricErrors({ statistic: 'Sum' }),
          invocations: this.function.metricInvocations({ statistic: 'Sum' }),
        },
        period: Duration.minutes(5),
        label: 'error rate (%)',
      }),
      threshold: API_ERROR_RATE_PERCENT,
      evaluationPeriods: 1,
      comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });
  }
}
