import { Duration } from 'aws-cdk-lib';
import { Alarm, ComparisonOperator, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
import type { Construct } from 'constructs';
import { NodeLambda, type NodeLambdaProps } from './node-lambda.js';

export interface PipelineFunctionProps extends NodeLambdaProps {
  /** Name of the errors alarm; unique in the account and region (carry the stage). */
  readonly alarmName: string;
}

/**
 * A Lambda of the check pipeline (queue consumer or scheduled function), with an alarm as soon as
 * one invocation fails. Consumers report bad records as partial batch failures, which are not
 * errors (the DLQ alarm sees those once their retries are spent); an error here is a crash or a
 * timeout, after which the whole batch is redelivered or the tick's work waits for the next one.
 */
export class PipelineFunction extends NodeLambda {
  readonly errorsAlarm: Alarm;

  constructor(scope: Construct, id: string, props: PipelineFunctionProps) {
    super(scope, id, props);

    this.errorsAlarm = new Alarm(this, 'ErrorsAlarm', {
      alarmName: props.alarmName,
      alarmDescription: `${props.description}: an invocation failed (crash or timeout). See its log group.`,
      metric: this.function.metricErrors({ period: Duration.minutes(5), statistic: 'Sum' }),
      threshold: 1,
      evaluationPeriods: 1,
      comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });
  }
}
