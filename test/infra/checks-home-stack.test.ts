import { Match, Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { ALERTS_QUEUE, CHECK_RESULTS_QUEUE, MAX_RECEIVE_COUNT } from '../../shared/queues.js';
import { buildTestApp } from './test-app.js';

describe('ChecksHomeStack', () => {
  let template: Template;
  beforeAll(() => {
    template = Template.fromStack(buildTestApp().checksHome);
  });

  it.each([CHECK_RESULTS_QUEUE, ALERTS_QUEUE])('has the %s queue redriving to its DLQ after 3 failed receives', (name) => {
    template.hasResourceProperties('AWS::SQS::Queue', {
      QueueName: `${name}-dev`,
      RedrivePolicy: Match.objectLike({ maxReceiveCount: MAX_RECEIVE_COUNT }),
    });
    template.hasResourceProperties('AWS::SQS::Queue', { QueueName: `${name}-dev-dlq`, MessageRetentionPeriod: 1_209_600 });
  });

  it('has one dead-letter alarm per queue', () => {
    template.resourceCountIs('AWS::SQS::Queue', 4);
    template.resourceCountIs('AWS::CloudWatch::Alarm', 2);
  });

  it('refuses unencrypted transport on every queue', () => {
    template.resourceCountIs('AWS::SQS::QueuePolicy', 4);
    template.hasResourceProperties('AWS::SQS::QueuePolicy', {
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
        ]),
      },
    });
  });

  it('outputs the ARN and URL of both queues for the Lambdas that come later', () => {
    expect(Object.keys(template.findOutputs('*'))).toEqual(
      expect.arrayContaining(['ResultsQueueArn', 'ResultsQueueUrl', 'AlertsQueueArn', 'AlertsQueueUrl']),
    );
  });
});
