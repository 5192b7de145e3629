import { Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { RESULTS_AGE_METRIC } from '../../shared/checks/results-age.js';
import { METRICS_SERVICE } from '../../shared/metrics.js';
import { TABLE } from '../../shared/table/table-definition.js';
import { buildTestApp } from './test-app.js';

describe('provisioned capacity (docs/COST.md)', () => {
  it('stays on-demand unless asked', () => {
    Template.fromStack(buildTestApp().data).hasResourceProperties('AWS::DynamoDB::Table', { BillingMode: 'PAY_PER_REQUEST' });
  });

  it('provisions the table and every index with target-tracking auto scaling when given ranges', () => {
    const template = Template.fromStack(buildTestApp({ provisionedCapacity: '5-100/20-400' }).data);
    template.hasResourceProperties('AWS::DynamoDB::Table', { ProvisionedThroughput: { ReadCapacityUnits: 5, WriteCapacityUnits: 20 } });
    // Reads and writes, for the table and each GSI.
    template.resourceCountIs('AWS::ApplicationAutoScaling::ScalableTarget', 2 * (1 + TABLE.globalIndexes.length));
    template.hasResourceProperties('AWS::ApplicationAutoScaling::ScalableTarget', { MinCapacity: 20, MaxCapacity: 400 });
    template.hasResourceProperties('AWS::ApplicationAutoScaling::ScalingPolicy', {
      TargetTrackingScalingPolicyConfiguration: { TargetValue: 70 },
    });
  });

  it('refuses a malformed range', () => {
    expect(() => buildTestApp({ provisionedCapacity: '100-5/20-400' })).toThrow(/provisionedCapacity/);
  });
});

describe('results backlog alarms', () => {
  it("alarm on the processor's results-age metric and on the queue's oldest message", () => {
    const template = Template.fromStack(buildTestApp().checksHome);
    template.hasResourceProperties('AWS::CloudWatch::Alarm', {
      Namespace: RESULTS_AGE_METRIC.namespace,
      MetricName: RESULTS_AGE_METRIC.name,
      // The dimension Powertools Metrics puts on every metric the functions emit.
      Dimensions: [{ Name: 'service', Value: METRICS_SERVICE }],
      Threshold: 60,
      EvaluationPeriods: 3,
    });
    template.hasResourceProperties('AWS::CloudWatch::Alarm', { MetricName: 'ApproximateAgeOfOldestMessage', Namespace: 'AWS/SQS' });
  });

  it('gathers the processor batches for up to two seconds, 100 messages at most', () => {
    const template = Template.fromStack(buildTestApp().checksHome);
    template.hasResourceProperties('AWS::Lambda::EventSourceMapping', { BatchSize: 100, MaximumBatchingWindowInSeconds: 2 });
  });
});
