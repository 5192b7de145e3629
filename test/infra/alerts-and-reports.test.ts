import { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import type { UpwatchStacks } from '../../infra/bin/build-app.js';
import { QUEUE_CONSUMERS } from '../../infra/event-sources.js';
import { pipelineSizing } from '../../infra/stacks/pipeline-functions.js';
import { ALERTS_MAX_RECEIVE_COUNT, ALERTS_QUEUE, CHANNEL_DELIVERIES_QUEUE, deadLetterQueueName, MAX_RECEIVE_COUNT } from '../../shared/queues.js';
import { buildTestApp } from './test-app.js';

// The alerts mailer, the outbox sweeper, the channel deliverer, the delivery sweeper and the reports
// in the home stack: their triggers, what they may do (SES only from the sender address, texts to
// phone numbers only) and the alarms that say alerts were not mailed or delivered.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Properties = Record<string, any>;
type Resource = { Type: string; Properties: Properties };

const MAIL_FROM = 'alerts@upwatch.example';
const APP_URL = 'https://upwatch.example';

describe('alerts and reports in the ChecksHome stack', () => {
  let stacks: UpwatchStacks;
  let resources: Record<string, Resource>;
  beforeAll(() => {
    stacks = buildTestApp({ mailFrom: MAIL_FROM, appUrl: APP_URL });
    resources = Template.fromStack(stacks.checksHome).toJSON().Resources as Record<string, Resource>;
  });

  const ofType = (type: string) => Object.entries(resources).filter(([, resource]) => resource.Type === type);
  const functionNamed = (name: string): [string, Resource] => {
    const found = ofType('AWS::Lambda::Function').filter(([, fn]) => String(fn.Properties.Description).startsWith(`Upwatch ${name}:`));
    expect(found, name).toHaveLength(1);
    return found[0]!;
  };
  const statementsOf = (functionId: string): Properties[] => {
    const roleId = resources[functionId]!.Properties.Role['Fn::GetAtt'][0] as string;
    return ofType('AWS::IAM::Policy')
      .filter(([, policy]) => (policy.Properties.Roles as { Ref: string }[]).some((role) => role.Ref === roleId))
      .flatMap(([, policy]) => policy.Properties.PolicyDocument.Statement as Properties[]);
  };
  const schedulesOf = (functionId: string): Properties[] =>
    ofType('AWS::Scheduler::Schedule')
      .map(([, schedule]) => schedule.Properties)
      .filter((schedule) => schedule.Target?.Arn?.['Fn::GetAtt']?.[0] === functionId);
  const queueIdNamed = (queueName: string): string => {
    const found = ofType('AWS::SQS::Queue').filter(([, queue]) => queue.Properties.QueueName === queueName);
    expect(found, queueName).toHaveLength(1);
    return found[0]![0];
  };

  it('has the mailer consume the alerts queue, ten alerts per batch, with partial batch responses', () => {
    expect(QUEUE_CONSUMERS.find((row) => row.name === 'mailer')).toMatchObject({ perCheckerRegion: false, batchSize: 10 });
    const [mailerId, mailer] = functionNamed('mailer');
    const mappings = ofType('AWS::Lambda::EventSourceMapping')
      .map(([, mapping]) => mapping.Properties)
      .filter((mapping) => mapping.FunctionName?.Ref === mailerId);
    expect(mappings).toEqual([
      {
        FunctionName: { Ref: mailerId },
        EventSourceArn: { 'Fn::GetAtt': [queueIdNamed(`${ALERTS_QUEUE}-dev`), 'Arn'] },
        BatchSize: 10,
        FunctionResponseTypes: ['ReportBatchItemFailures'],
      },
    ]);
    const queue = resources[queueIdNamed(`${ALERTS_QUEUE}-dev`)]!;
    expect(queue.Properties.VisibilityTimeout).toBeGreaterThanOrEqual(6 * (mailer.Properties.Timeout as number));
  });

  it('lets only the mail-sending functions send e-mail, and only from the sender address, with the links origin', () => {
    for (const name of ['mailer', 'channel-deliverer', 'daily-report', 'weekly-report']) {
      const [functionId, fn] = functionNamed(name);
      expect(pipelineSizing(name).sendsMail).toBe(true);
      expect(fn.Properties.Environment.Variables).toMatchObject({ MAIL_FROM, APP_URL });
      expect(statementsOf(functionId)).toContainEqual(
        expect.objectContaining({
          Action: 'ses:SendEmail',
          Condition: { StringEquals: { 'ses:FromAddress': MAIL_FROM } },
        }),
      );
    }
    for (const name of ['processor', 'dispatcher', 'outbox-sweeper', 'delivery-sweeper']) {
      const [functionId, fn] = functionNamed(name);
      expect(fn.Properties.Environment.Variables.MAIL_FROM, name).toBeUndefined();
      expect(JSON.stringify(statementsOf(functionId)), name).not.toContain('ses:');
    }
  });

  it('lets the mailer hide a failed alert for its back-off', () => {
    const [mailerId] = functionNamed('mailer');
    const alertsQueueArn = { 'Fn::GetAtt': [queueIdNamed(`${ALERTS_QUEUE}-dev`), 'Arn'] };
    expect(statementsOf(mailerId)).toContainEqual(
      expect.objectContaining({ Action: 'sqs:ChangeMessageVisibility', Resource: alertsQueueArn }),
    );
  });

  it.each(['outbox-sweeper', 'delivery-sweeper'])('runs the %s every 5 minutes', (name) => {
    const [sweeperId] = functionNamed(name);
    expect(schedulesOf(sweeperId).map((schedule) => [schedule.ScheduleExpression, JSON.parse(schedule.Target.Input as string)])).toEqual([
      ['rate(5 minutes)', { scheduledTime: '<aws.scheduler.scheduled-time>' }],
    ]);
  });

  it('has the channel deliverer consume the channel-deliveries queue, ten deliveries per batch, within the delivery lease', () => {
    expect(QUEUE_CONSUMERS.find((row) => row.name === 'channel-deliverer')).toMatchObject({ perCheckerRegion: false, batchSize: 10 });
    const [delivererId, deliverer] = functionNamed('channel-deliverer');
    const queueId = queueIdNamed(`${CHANNEL_DELIVERIES_QUEUE}-dev`);
    const mappings = ofType('AWS::Lambda::EventSourceMapping')
      .map(([, mapping]) => mapping.Properties)
      .filter((mapping) => mapping.FunctionName?.Ref === delivererId);
    expect(mappings).toEqual([
      { FunctionName: { Ref: delivererId }, EventSourceArn: { 'Fn::GetAtt': [queueId, 'Arn'] }, BatchSize: 10, FunctionResponseTypes: ['ReportBatchItemFailures'] },
    ]);
    // One try is the 10 s send and its bookkeeping; the claim's lease (60 s) outlives the invocation.
    expect(deliverer.Properties.Timeout).toBe(60);
    expect(resources[queueId]!.Properties).toMatchObject({
      VisibilityTimeout: 6 * 60,
      RedrivePolicy: { maxReceiveCount: MAX_RECEIVE_COUNT },
    });
  });

  it('lets the channel deliverer, and no other pipeline function, text phone numbers, never an SNS topic', () => {
    const [delivererId] = functionNamed('channel-deliverer');
    const sns = statementsOf(delivererId).filter((statement) => [statement.Action].flat().some((action: string) => action.startsWith('sns:')));
    expect(sns).toEqual([
      expect.objectContaining({ Effect: 'Allow', Action: 'sns:Publish', Resource: '*' }),
      expect.objectContaining({
        Effect: 'Deny',
        Action: 'sns:Publish',
        Resource: { 'Fn::Join': ['', ['arn:', { Ref: 'AWS::Partition' }, ':sns:*:*:*']] },
      }),
    ]);
    for (const [functionId, fn] of ofType('AWS::Lambda::Function').filter(([id]) => id !== delivererId)) {
      expect(JSON.stringify(statementsOf(functionId)), String(fn.Properties.Description)).not.toContain('sns:');
    }
  });

  it('alarms as soon as a channel delivery is dead-lettered, saying the sweeper re-sends it and how to redrive', () => {
    const dlqId = queueIdNamed(deadLetterQueueName(`${CHANNEL_DELIVERIES_QUEUE}-dev`));
    const alarms = ofType('AWS::CloudWatch::Alarm')
      .map(([, alarm]) => alarm.Properties)
      .filter((alarm) => alarm.Namespace === 'AWS/SQS' && JSON.stringify(alarm.Dimensions).includes(dlqId));
    expect(alarms).toHaveLength(1);
    expect(alarms[0]).toMatchObject({ Threshold: 1, AlarmName: `${CHANNEL_DELIVERIES_QUEUE}-dev has dead letters` });
    expect(alarms[0]!.AlarmDescription).toContain(`failed ${MAX_RECEIVE_COUNT} times`);
    expect(alarms[0]!.AlarmDescription).toMatch(/delivery sweeper queues each again/);
    expect(alarms[0]!.AlarmDescription).toMatch(/npm run redrive/);
  });

  it('sends the daily report at 9 AM UTC and the weekly one on Mondays at 9 AM UTC, with the due time as the event', () => {
    const expected = [
      ['daily-report', 'cron(0 9 * * ? *)', 'daily'],
      ['weekly-report', 'cron(0 9 ? * MON *)', 'weekly'],
    ] as const;
    for (const [name, expression, report] of expected) {
      const [functionId, fn] = functionNamed(name);
      expect(fn.Properties.Timeout).toBe(900);
      const schedules = schedulesOf(functionId);
      expect(schedules).toHaveLength(1);
      expect(schedules[0]).toMatchObject({ ScheduleExpression: expression, ScheduleExpressionTimezone: 'Etc/UTC', State: 'ENABLED' });
      expect(JSON.parse(schedules[0]!.Target.Input as string)).toEqual({ report, scheduledTime: '<aws.scheduler.scheduled-time>' });
    }
  });

  it('sends the SLA reports on the 1st of each month at 06:00 UTC, with the due time as the event', () => {
    const [functionId, fn] = functionNamed('monthly-sla-report');
    expect(fn.Properties.Timeout).toBe(900);
    const schedules = schedulesOf(functionId);
    expect(schedules).toHaveLength(1);
    expect(schedules[0]).toMatchObject({ ScheduleExpression: 'cron(0 6 1 * ? *)', ScheduleExpressionTimezone: 'Etc/UTC', State: 'ENABLED' });
    expect(JSON.parse(schedules[0]!.Target.Input as string)).toEqual({ scheduledTime: '<aws.scheduler.scheduled-time>' });
  });

  it('alarms as soon as an alert is dead-lettered, telling the operator how to send it after all', () => {
    const dlqId = queueIdNamed(deadLetterQueueName(`${ALERTS_QUEUE}-dev`));
    const alarms = ofType('AWS::CloudWatch::Alarm')
      .map(([, alarm]) => alarm.Properties)
      .filter((alarm) => alarm.Namespace === 'AWS/SQS' && JSON.stringify(alarm.Dimensions).includes(dlqId));
    expect(alarms).toHaveLength(1);
    expect(alarms[0]).toMatchObject({
      MetricName: 'ApproximateNumberOfMessagesVisible',
      Threshold: 1,
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
      AlarmName: `${ALERTS_QUEUE}-dev has dead letters`,
    });
    expect(alarms[0]!.AlarmDescription).toContain(`failed ${ALERTS_MAX_RECEIVE_COUNT} times`);
    expect(alarms[0]!.AlarmDescription).toMatch(/redrive/);
  });

  it('is deployed after the SES identity it sends from', () => {
    expect(stacks.checksHome.dependencies).toContain(stacks.email);
  });
});
