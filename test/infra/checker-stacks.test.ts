import { Match, Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { QUEUE_CONSUMERS } from '../../infra/event-sources.js';
import { CHECK_CONCURRENCY } from '../../shared/checks/dispatch.js';
import { checkQueueName, DEFAULT_CHECKER_REGIONS, MAX_RECEIVE_COUNT } from '../../shared/queues.js';
import { buildTestApp } from './test-app.js';

const regionalRows = QUEUE_CONSUMERS.filter((row) => row.perCheckerRegion);

describe('CheckerStack', () => {
  const { checkers } = buildTestApp();

  it('exists once per default checker region, deployed in that region', () => {
    expect(checkers.map((stack) => stack.region)).toEqual([...DEFAULT_CHECKER_REGIONS]);
    expect(checkers.map((stack) => stack.stackName)).toEqual(
      DEFAULT_CHECKER_REGIONS.map((region) => `Upwatch-dev-Checks-${region}`),
    );
  });

  it.each(DEFAULT_CHECKER_REGIONS.map((region, i) => [region, i] as const))(
    'in %s has a check queue that moves a message to its DLQ after 3 failed receives',
    (region, i) => {
      const template = Template.fromStack(checkers[i]!);
      template.resourceCountIs('AWS::SQS::Queue', 2);
      template.hasResourceProperties('AWS::SQS::Queue', {
        QueueName: `${checkQueueName(region)}-dev`,
        RedrivePolicy: {
          deadLetterTargetArn: { 'Fn::GetAtt': [Match.stringLikeRegexp('DeadLetterQueue'), 'Arn'] },
          maxReceiveCount: MAX_RECEIVE_COUNT,
        },
      });
      template.hasResourceProperties('AWS::SQS::Queue', { QueueName: `${checkQueueName(region)}-dev-dlq` });
    },
  );

  it.each(DEFAULT_CHECKER_REGIONS.map((region, i) => [region, i] as const))(
    'in %s runs the checker on its check queue, hiding a received pack for 6x the checker timeout',
    (region, i) => {
      const template = Template.fromStack(checkers[i]!);
      template.resourceCountIs('AWS::Lambda::Function', regionalRows.length);
      template.resourceCountIs('AWS::Lambda::EventSourceMapping', regionalRows.length);
      const queue = Object.entries(template.findResources('AWS::SQS::Queue', {
        Properties: { QueueName: `${checkQueueName(region)}-dev` },
      }))[0]!;
      const [functionId, checker] = Object.entries(template.findResources('AWS::Lambda::Function')).find(([, fn]) =>
        String(fn.Properties.Description).startsWith('Upwatch checker:'),
      )!;
      template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
        EventSourceArn: { 'Fn::GetAtt': [queue[0], 'Arn'] },
        FunctionName: { Ref: functionId },
        BatchSize: 1,
        FunctionResponseTypes: ['ReportBatchItemFailures'],
      });
      expect(queue[1].Properties.VisibilityTimeout).toBeGreaterThanOrEqual(6 * (checker.Properties.Timeout as number));
    },
  );

  it('gives the checker one resolver thread per concurrent check, so a slow DNS answer holds up no other check', () => {
    for (const stack of checkers) {
      Template.fromStack(stack).hasResourceProperties('AWS::Lambda::Function', {
        Description: Match.stringLikeRegexp('^Upwatch checker:'),
        Environment: { Variables: Match.objectLike({ UV_THREADPOOL_SIZE: String(CHECK_CONCURRENCY) }) },
      });
    }
  });

  it('alarms as soon as one message waits in the DLQ', () => {
    const template = Template.fromStack(checkers[0]!);
    template.hasResourceProperties('AWS::CloudWatch::Alarm', {
      Namespace: 'AWS/SQS',
      MetricName: 'ApproximateNumberOfMessagesVisible',
      Dimensions: [{ Name: 'QueueName', Value: { 'Fn::GetAtt': [Match.stringLikeRegexp('DeadLetterQueue'), 'QueueName'] } }],
      Threshold: 1,
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
    });
  });

  it('alarms on the first error of the checker', () => {
    Template.fromStack(checkers[0]!).hasResourceProperties('AWS::CloudWatch::Alarm', {
      Namespace: 'AWS/Lambda',
      MetricName: 'Errors',
      Threshold: 1,
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
    });
  });

  it('outputs the check queue ARN and URL', () => {
    const outputs = Template.fromStack(checkers[1]!).findOutputs('*');
    expect(Object.keys(outputs)).toEqual(expect.arrayContaining(['CheckQueueArn', 'CheckQueueUrl']));
  });

  it('takes no reference from another stack, so no region depends on the home region', () => {
    for (const stack of checkers) {
      expect(stack.dependencies).toEqual([]);
      expect(JSON.stringify(Template.fromStack(stack).toJSON())).not.toContain('Fn::ImportValue');
    }
  });

  it('follows the checkerRegions setting', () => {
    const { checkers: custom } = buildTestApp({ checkerRegions: 'eu-central-1, sa-east-1' });
    expect(custom.map((stack) => stack.region)).toEqual(['eu-central-1', 'sa-east-1']);
  });
});
