import { Match, Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { QUEUE_CONSUMERS, SCHEDULED_FUNCTIONS } from '../../infra/event-sources.js';
import {
  ALERTS_MAX_RECEIVE_COUNT,
  ALERTS_QUEUE,
  CHANNEL_DELIVERIES_QUEUE,
  CHECK_RESULTS_QUEUE,
  MAX_RECEIVE_COUNT,
  maxReceiveCountOf,
  SUBSCRIBER_NOTICES_QUEUE,
} from '../../shared/queues.js';
import { buildTestApp } from './test-app.js';

const homeRows = [...QUEUE_CONSUMERS.filter((row) => !row.perCheckerRegion), ...SCHEDULED_FUNCTIONS];

describe('ChecksHomeStack', () => {
  let template: Template;
  beforeAll(() => {
    template = Template.fromStack(buildTestApp().checksHome);
  });

  it.each([
    [CHECK_RESULTS_QUEUE, MAX_RECEIVE_COUNT],
    [ALERTS_QUEUE, ALERTS_MAX_RECEIVE_COUNT],
    [CHANNEL_DELIVERIES_QUEUE, MAX_RECEIVE_COUNT],
    [SUBSCRIBER_NOTICES_QUEUE, MAX_RECEIVE_COUNT],
  ])('has the %s queue redriving to its DLQ after %i failed receives', (name, receives) => {
    expect(maxReceiveCountOf(name)).toBe(receives);
    template.hasResourceProperties('AWS::SQS::Queue', {
      QueueName: `${name}-dev`,
      RedrivePolicy: Match.objectLike({ maxReceiveCount: receives }),
    });
    template.hasResourceProperties('AWS::SQS::Queue', { QueueName: `${name}-dev-dlq`, MessageRetentionPeriod: 1_209_600 });
  });

  it('has one dead-letter alarm per queue and one errors alarm per function', () => {
    template.resourceCountIs('AWS::SQS::Queue', 8);
    const alarms = Object.values(template.findResources('AWS::CloudWatch::Alarm')).map((alarm) => alarm.Properties);
    expect(alarms.filter((alarm) => alarm.Namespace === 'AWS/SQS' && alarm.MetricName === 'ApproximateNumberOfMessagesVisible')).toHaveLength(4);
    // Plus the results backlog: the queue's oldest message (SQS) and the processor's results age (scale-options.test.ts).
    expect(alarms.filter((alarm) => alarm.Namespace === 'AWS/SQS' && alarm.MetricName === 'ApproximateAgeOfOldestMessage')).toHaveLength(1);
    const functions = Object.keys(template.findResources('AWS::Lambda::Function'));
    expect(functions).toHaveLength(homeRows.length);
    expect(alarms.filter((alarm) => alarm.Namespace === 'AWS/Lambda' && alarm.MetricName === 'Errors')).toHaveLength(
      functions.length,
    );
  });

  it('holds exactly the home-region functions of infra/event-sources.ts', () => {
    const descriptions = Object.values(template.findResources('AWS::Lambda::Function')).map(
      (fn) => String(fn.Properties.Description).split(':')[0],
    );
    expect(descriptions.sort()).toEqual(homeRows.map((row) => `Upwatch ${row.name}`).sort());
  });

  it.each([
    [CHECK_RESULTS_QUEUE, 'processor'],
    [CHANNEL_DELIVERIES_QUEUE, 'channel-deliverer'],
    [SUBSCRIBER_NOTICES_QUEUE, 'subscriber-mailer'],
  ])('hides a received %s message for 6x the %s timeout', (queueName, consumer) => {
    const queue = Object.values(template.findResources('AWS::SQS::Queue', { Properties: { QueueName: `${queueName}-dev` } }))[0];
    const fn = Object.values(template.findResources('AWS::Lambda::Function')).find((candidate) =>
      String(candidate.Properties.Description).startsWith(`Upwatch ${consumer}:`),
    );
    expect(fn?.Properties.Timeout).toBeGreaterThan(0);
    expect(queue?.Properties.VisibilityTimeout).toBeGreaterThanOrEqual(6 * (fn?.Properties.Timeout as number));
  });

  it('takes the table and the secrets key from the data stack, the live socket from the live stack, the user pool from the auth stack, and nothing from a checker region', () => {
    const imports = JSON.stringify(template.toJSON()).match(/"Fn::ImportValue":"[^"]+"/g) ?? [];
    expect(imports.length).toBeGreaterThan(0);
    // The user pool is for the unverified-accounts sweep only (its AdminDeleteUser: least-privilege.test.ts).
    for (const value of imports) expect(value).toMatch(/Upwatch-dev-(Data|Live|Auth):/);
  });

  it('lets only the subscriber mailer read the signing secret (its unsubscribe links), named by SIGNING_SECRET_ID', () => {
    const functions = Object.values(template.findResources('AWS::Lambda::Function'));
    const signing = functions.filter((fn) => 'SIGNING_SECRET_ID' in ((fn.Properties.Environment as { Variables?: Record<string, unknown> }).Variables ?? {}));
    expect(signing.map((fn) => String(fn.Properties.Description).split(':')[0])).toEqual(['Upwatch subscriber-mailer']);
    const reading = Object.values(template.findResources('AWS::IAM::Policy')).filter((policy) =>
      JSON.stringify(policy.Properties.PolicyDocument).includes('secretsmanager:GetSecretValue') && JSON.stringify(policy.Properties.PolicyDocument).includes('SigningSecret'),
    );
    expect(reading).toHaveLength(1);
    expect(JSON.stringify(reading[0]!.Properties.Roles)).toMatch(/subscriber/i);
  });

  it("runs at most two subscriber-mailer invocations at once, so a big page's mails stay under SES's sending rate", () => {
    template.hasResourceProperties('AWS::Lambda::EventSourceMapping', { BatchSize: 1, ScalingConfig: { MaximumConcurrency: 2 } });
    const limited = Object.values(template.findResources('AWS::Lambda::EventSourceMapping')).filter((mapping) => mapping.Properties.ScalingConfig);
    expect(limited).toHaveLength(1);
  });

  it('refuses unencrypted transport on every queue', () => {
    template.resourceCountIs('AWS::SQS::QueuePolicy', 8);
    template.hasResourceProperties('AWS::SQS::QueuePolicy', {
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
        ]),
      },
    });
  });

  it('outputs the ARN and URL of each queue', () => {
    expect(Object.keys(template.findOutputs('*'))).toEqual(
      expect.arrayContaining([
        'ResultsQueueArn',
        'ResultsQueueUrl',
        'AlertsQueueArn',
        'AlertsQueueUrl',
        'ChannelDeliveriesQueueArn',
        'ChannelDeliveriesQueueUrl',
        'SubscriberNoticesQueueArn',
        'SubscriberNoticesQueueUrl',
      ]),
    );
  });
});
