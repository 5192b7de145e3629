import type { Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { areasInUse } from '../../shared/api/routes.js';
import { DISPATCH_SHARDS } from '../../shared/checks/dispatch.js';
import { METRIC, METRICS_NAMESPACE, METRICS_SERVICE } from '../../shared/metrics.js';
import { API_ERROR_RATE_PERCENT } from '../../infra/constructs/api-function.js';
import { DISPATCHER_TICK_WINDOW_MINUTES } from '../../infra/constructs/dispatcher-tick-alarm.js';
import { QUEUE_CONSUMERS, SCHEDULED_FUNCTIONS } from '../../infra/event-sources.js';
import { buildTestApp } from './test-app.js';

/** The alarms of docs/observability.md beside the dead-letter and pipeline-error ones. */
describe('observability alarms', () => {
  const stacks = buildTestApp();

  it('gives every API area an error-rate alarm on its own function', () => {
    const template = Template.fromStack(stacks.api);
    const alarms = Object.values(template.findResources('AWS::CloudWatch::Alarm')).filter((alarm) =>
      String(alarm.Properties.AlarmName).endsWith(' error rate'),
    );
    expect(alarms).toHaveLength(areasInUse().length);
    for (const alarm of alarms) {
      expect(alarm.Properties).toMatchObject({ Threshold: API_ERROR_RATE_PERCENT, ComparisonOperator: 'GreaterThanThreshold', EvaluationPeriods: 1 });
      const metrics = alarm.Properties.Metrics as { Id: string; Expression?: string; MetricStat?: { Metric: { MetricName: string } } }[];
      expect(metrics.find((metric) => metric.Expression)?.Expression).toBe('IF(invocations > 0, 100 * errors / invocations, 0)');
      expect(metrics.flatMap((metric) => (metric.MetricStat ? [metric.MetricStat.Metric.MetricName] : [])).sort()).toEqual(['Errors', 'Invocations']);
    }
    for (const area of areasInUse()) {
      expect(alarms.some((alarm) => String(alarm.Properties.AlarmName).includes(`upwatch-api-${area}`))).toBe(true);
    }
  });

  it('alarms when the dispatcher misses a tick: fewer ticks than its shards x minutes, or none at all', () => {
    Template.fromStack(stacks.checksHome).hasResourceProperties('AWS::CloudWatch::Alarm', {
      Namespace: METRICS_NAMESPACE,
      MetricName: METRIC.dispatcherTicks,
      Dimensions: [{ Name: 'service', Value: METRICS_SERVICE }],
      Statistic: 'Sum',
      Period: DISPATCHER_TICK_WINDOW_MINUTES * 60,
      Threshold: DISPATCH_SHARDS * DISPATCHER_TICK_WINDOW_MINUTES,
      ComparisonOperator: 'LessThanThreshold',
      TreatMissingData: 'breaching',
    });
  });

  it('keeps an alarm on every dead-letter queue and on the errors of every pipeline function', () => {
    const pipelineFunctions = new Map<Stack, number>([
      [stacks.checksHome, QUEUE_CONSUMERS.filter((consumer) => !consumer.perCheckerRegion).length + SCHEDULED_FUNCTIONS.length],
      ...stacks.checkers.map((stack) => [stack, QUEUE_CONSUMERS.filter((consumer) => consumer.perCheckerRegion).length] as const),
    ]);
    for (const [stack, functionCount] of pipelineFunctions) {
      const template = Template.fromStack(stack);
      const names = Object.values(template.findResources('AWS::CloudWatch::Alarm')).map((alarm) => String(alarm.Properties.AlarmName));
      const deadLetterQueues = Object.values(template.findResources('AWS::SQS::Queue')).filter((queue) =>
        String(queue.Properties.QueueName).includes('-dlq'),
      );
      expect(deadLetterQueues.length).toBeGreaterThan(0);
      expect(names.filter((name) => name.endsWith('has dead letters'))).toHaveLength(deadLetterQueues.length);
      expect(names.filter((name) => name.endsWith('has errors'))).toHaveLength(functionCount);
    }
  });
});
