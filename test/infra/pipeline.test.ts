import { pipelinePermissions } from '../../infra/stacks/pipeline-permissions.js';
import { Duration, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { PLACEHOLDER_ACCOUNT } from '../../infra/bin/app-settings.js';
import type { UpwatchStacks } from '../../infra/bin/build-app.js';
import { QUEUE_CONSUMERS, SCHEDULED_FUNCTIONS, type ScheduledFunction } from '../../infra/event-sources.js';
import { QueueWithDeadLetter } from '../../infra/constructs/queue-with-dead-letter.js';
import { addQueueConsumer, pipelineSizing } from '../../infra/stacks/pipeline-functions.js';
import { DISPATCH_SHARDS } from '../../shared/checks/dispatch.js';
import { TIMEOUT_RANGE } from '../../shared/monitors/schemas.js';
import { ALERTS_QUEUE, CHANNEL_DELIVERIES_QUEUE, CHECK_RESULTS_QUEUE, checkQueueName, DEFAULT_CHECKER_REGIONS, SUBSCRIBER_NOTICES_QUEUE } from '../../shared/queues.js';
import { buildTestApp, emptyTestApp } from './test-app.js';
import { LAMBDA_RUNTIME } from '../../infra/constructs/node-lambda.js';

// The wiring of infra/event-sources.ts, read back from the synthesised templates. Everything is
// derived from the rows, so a row added there is checked here without a new test.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Properties = Record<string, any>;
type Resource = { Type: string; Properties: Properties };
type Resources = Record<string, Resource>;

const HOME_REGION = 'us-east-1';
const STAGE = 'dev';
/** AWS's advice for SQS event sources, and the pipeline's own (docs/PERFORMANCE.md). */
const VISIBILITY_FACTOR = 6;
/** SQS's default visibility timeout and Lambda's default timeout, for properties left out. */
const SQS_DEFAULT_VISIBILITY = 30;
const LAMBDA_DEFAULT_TIMEOUT = 3;

const resourcesOf = (stack: Stack): Resources => Template.fromStack(stack).toJSON().Resources as Resources;

const ofType = (resources: Resources, type: string): [string, Resource][] =>
  Object.entries(resources).filter(([, resource]) => resource.Type === type);

/** Functions of an event-sources.ts row: their description starts `Upwatch <name>:`. */
const functionsNamed = (resources: Resources, name: string): [string, Resource][] =>
  ofType(resources, 'AWS::Lambda::Function').filter(([, fn]) =>
    String(fn.Properties.Description).startsWith(`Upwatch ${name}:`),
  );

const onlyFunctionNamed = (resources: Resources, name: string): [string, Resource] => {
  const found = functionsNamed(resources, name);
  expect(found, name).toHaveLength(1);
  return found[0]!;
};

const queueIdNamed = (resources: Resources, queueName: string): string => {
  const found = ofType(resources, 'AWS::SQS::Queue').filter(([, queue]) => queue.Properties.QueueName === queueName);
  expect(found, queueName).toHaveLength(1);
  return found[0]![0];
};

const mappingsOf = (resources: Resources, functionId: string): Properties[] =>
  ofType(resources, 'AWS::Lambda::EventSourceMapping')
    .map(([, mapping]) => mapping.Properties)
    .filter((mapping) => mapping.FunctionName?.Ref === functionId);

const schedulesOf = (resources: Resources, functionId: string): Properties[] =>
  ofType(resources, 'AWS::Scheduler::Schedule')
    .map(([, schedule]) => schedule.Properties)
    .filter((schedule) => schedule.Target?.Arn?.['Fn::GetAtt']?.[0] === functionId);

/** Every resource the function's role may send SQS messages to. */
const sendMessageResources = (resources: Resources, functionId: string): unknown[] => {
  const roleId = resources[functionId]!.Properties.Role['Fn::GetAtt'][0] as string;
  return ofType(resources, 'AWS::IAM::Policy')
    .filter(([, policy]) => (policy.Properties.Roles as { Ref: string }[]).some((role) => role.Ref === roleId))
    .flatMap(([, policy]) => policy.Properties.PolicyDocument.Statement as Properties[])
    .filter((statement) => [statement.Action].flat().includes('sqs:SendMessage'))
    .flatMap((statement) => [statement.Resource].flat());
};

const policiesOfRole = (resources: Resources, functionId: string): string => {
  const roleId = resources[functionId]!.Properties.Role['Fn::GetAtt'][0] as string;
  return JSON.stringify(
    ofType(resources, 'AWS::IAM::Policy').filter(([, policy]) =>
      (policy.Properties.Roles as { Ref: string }[]).some((role) => role.Ref === roleId),
    ),
  );
};

const staged = (name: string) => `${name}-${STAGE}`;
const checkQueueArn = (region: string) =>
  `arn:aws:sqs:${region}:${PLACEHOLDER_ACCOUNT}:${staged(checkQueueName(region))}`;
const checkQueueUrl = (region: string) =>
  `https://sqs.${region}.amazonaws.com/${PLACEHOLDER_ACCOUNT}/${staged(checkQueueName(region))}`;

/** EventBridge Scheduler's syntax: `rate(5 minutes)`, `cron(0 9 * * ? *)`, `cron(0 9 ? * MON *)`, `cron(0 6 1 * ? *)`. */
const expectedExpression = (row: ScheduledFunction): string =>
  row.cron
    ? `cron(${row.cron.minute} ${row.cron.hour} ${row.cron.weekDay ? '?' : (row.cron.monthDay ?? '*')} * ${row.cron.weekDay ?? '?'} *)`
    : row.everyMinutes % 60 === 0
      ? `rate(${row.everyMinutes / 60} hour${row.everyMinutes === 60 ? '' : 's'})`
      : `rate(${row.everyMinutes} minute${row.everyMinutes === 1 ? '' : 's'})`;

const homeConsumers = QUEUE_CONSUMERS.filter((consumer) => !consumer.perCheckerRegion);
const regionalConsumers = QUEUE_CONSUMERS.filter((consumer) => consumer.perCheckerRegion);
const homeFunctionNames = [...homeConsumers, ...SCHEDULED_FUNCTIONS].map((row) => row.name);

describe('the check pipeline (infra/event-sources.ts wired into the stacks)', () => {
  let stacks: UpwatchStacks;
  let home: Resources;
  let checkers: Resources[];
  beforeAll(() => {
    stacks = buildTestApp();
    home = resourcesOf(stacks.checksHome);
    checkers = stacks.checkers.map(resourcesOf);
  });

  it('has rows to wire: a per-region checker, a home-region consumer and the dispatcher', () => {
    expect(regionalConsumers.map((row) => row.name)).toContain('checker');
    expect(homeConsumers.map((row) => row.name)).toContain('processor');
    expect(SCHEDULED_FUNCTIONS.map((row) => row.name)).toContain('dispatcher');
  });

  it.each(regionalConsumers.map((row) => [row.name, row] as const))(
    'puts one %s in each checker region, reading that region\'s queue with partial batch responses',
    (_name, row) => {
      DEFAULT_CHECKER_REGIONS.forEach((region, i) => {
        const resources = checkers[i]!;
        const [functionId] = onlyFunctionNamed(resources, row.name);
        expect(mappingsOf(resources, functionId)).toEqual([
          {
            FunctionName: { Ref: functionId },
            EventSourceArn: { 'Fn::GetAtt': [queueIdNamed(resources, staged(row.queueName(region))), 'Arn'] },
            BatchSize: row.batchSize,
            FunctionResponseTypes: ['ReportBatchItemFailures'],
          },
        ]);
      });
      expect(functionsNamed(home, row.name)).toEqual([]);
    },
  );

  it('reads each check queue one pack at a time', () => {
    const checker = QUEUE_CONSUMERS.find((row) => row.name === 'checker')!;
    expect(checker.batchSize).toBe(1);
    for (const resources of checkers) {
      const [functionId] = onlyFunctionNamed(resources, 'checker');
      expect(mappingsOf(resources, functionId)[0]?.BatchSize).toBe(1);
    }
  });

  it.each(homeConsumers.map((row) => [row.name, row] as const))(
    'puts the %s in the home stack only, reading its queue with partial batch responses',
    (_name, row) => {
      const [functionId] = onlyFunctionNamed(home, row.name);
      expect(mappingsOf(home, functionId)).toEqual([
        {
          FunctionName: { Ref: functionId },
          EventSourceArn: { 'Fn::GetAtt': [queueIdNamed(home, staged(row.queueName(HOME_REGION))), 'Arn'] },
          BatchSize: row.batchSize,
          FunctionResponseTypes: ['ReportBatchItemFailures'],
          ...(row.batchingWindowSeconds ? { MaximumBatchingWindowInSeconds: row.batchingWindowSeconds } : {}),
          ...(row.maxConcurrency ? { ScalingConfig: { MaximumConcurrency: row.maxConcurrency } } : {}),
        },
      ]);
      for (const resources of checkers) expect(functionsNamed(resources, row.name)).toEqual([]);
    },
  );

  it('has the result processor consume the results queue', () => {
    const [functionId] = onlyFunctionNamed(home, 'processor');
    expect(mappingsOf(home, functionId)[0]?.EventSourceArn).toEqual({
      'Fn::GetAtt': [queueIdNamed(home, staged(CHECK_RESULTS_QUEUE)), 'Arn'],
    });
  });

  it('keeps every consumed message invisible at least 6x its consumer\'s timeout', () => {
    let mappings = 0;
    for (const resources of [home, ...checkers]) {
      for (const [, mapping] of ofType(resources, 'AWS::Lambda::EventSourceMapping')) {
        mappings += 1;
        const queue = resources[mapping.Properties.EventSourceArn['Fn::GetAtt'][0]]!;
        const fn = resources[mapping.Properties.FunctionName.Ref]!;
        const visibility = (queue.Properties.VisibilityTimeout as number | undefined) ?? SQS_DEFAULT_VISIBILITY;
        const timeout = (fn.Properties.Timeout as number | undefined) ?? LAMBDA_DEFAULT_TIMEOUT;
        expect(visibility, `${queue.Properties.QueueName}: ${visibility} s for a ${timeout} s function`).toBeGreaterThanOrEqual(
          VISIBILITY_FACTOR * timeout,
        );
      }
    }
    expect(mappings).toBe(regionalConsumers.length * DEFAULT_CHECKER_REGIONS.length + homeConsumers.length);
  });

  it('gives a checker time to run a pack of checks that each take the largest timeout twice', () => {
    for (const resources of checkers) {
      const [, fn] = onlyFunctionNamed(resources, 'checker');
      expect(fn.Properties.Timeout).toBeGreaterThanOrEqual(2 * TIMEOUT_RANGE.max);
      expect(fn.Properties.Timeout).toBeLessThanOrEqual(900);
    }
  });

  it.each(SCHEDULED_FUNCTIONS.map((row) => [row.name, row] as const))(
    'builds the %s once in the home stack, with one schedule per input',
    (_name, row) => {
      const [functionId] = onlyFunctionNamed(home, row.name);
      const schedules = schedulesOf(home, functionId);
      expect(schedules).toHaveLength(row.inputs.length);
      for (const schedule of schedules) {
        expect(schedule.ScheduleExpression).toBe(expectedExpression(row));
        if (row.cron) expect(schedule.ScheduleExpressionTimezone).toBe('Etc/UTC');
        expect(schedule.State).toBe('ENABLED');
      }
      expect(schedules.map((schedule) => JSON.parse(schedule.Target.Input as string))).toEqual(
        expect.arrayContaining(row.inputs.map((input) => ({ ...input, scheduledTime: '<aws.scheduler.scheduled-time>' }))),
      );
      for (const resources of checkers) expect(functionsNamed(resources, row.name)).toEqual([]);
    },
  );

  it('ticks the dispatcher every minute once per shard, with the shard and the scheduled time as the event', () => {
    const [functionId] = onlyFunctionNamed(home, 'dispatcher');
    const schedules = schedulesOf(home, functionId);
    expect(schedules.map((schedule) => schedule.ScheduleExpression)).toEqual(
      Array.from({ length: DISPATCH_SHARDS }, () => 'rate(1 minute)'),
    );
    expect(schedules.map((schedule) => schedule.Target.Input).sort()).toEqual(
      Array.from({ length: DISPATCH_SHARDS }, (_, shard) => `{"shard":${shard},"scheduledTime":"<aws.scheduler.scheduled-time>"}`).sort(),
    );
  });

  it('lets the scheduler invoke the scheduled functions and nothing else', () => {
    for (const row of SCHEDULED_FUNCTIONS) {
      const [functionId] = onlyFunctionNamed(home, row.name);
      const roleIds = new Set(schedulesOf(home, functionId).map((schedule) => schedule.Target.RoleArn['Fn::GetAtt'][0]));
      for (const roleId of roleIds) {
        const role = home[roleId]!;
        expect(JSON.stringify(role.Properties.AssumeRolePolicyDocument)).toContain('scheduler.amazonaws.com');
        const policies = ofType(home, 'AWS::IAM::Policy').filter(([, policy]) =>
          (policy.Properties.Roles as { Ref: string }[]).some((ref) => ref.Ref === roleId),
        );
        const statements = policies.flatMap(([, policy]) => policy.Properties.PolicyDocument.Statement as Properties[]);
        expect(statements.map((statement) => statement.Action)).toEqual(['lambda:InvokeFunction']);
        expect(JSON.stringify(statements)).toContain(`"${functionId}"`);
      }
    }
  });

  it.each(homeFunctionNames)('gives the %s the table and the address of every pipeline queue', (name) => {
    const [functionId, fn] = onlyFunctionNamed(home, name);
    const variables = fn.Properties.Environment.Variables as Properties;
    expect(JSON.stringify(variables.TABLE_NAME)).toContain('Fn::ImportValue');
    expect(JSON.parse(variables.CHECK_QUEUE_URLS as string)).toEqual(
      Object.fromEntries(DEFAULT_CHECKER_REGIONS.map((region) => [region, checkQueueUrl(region)])),
    );
    expect(variables.RESULTS_QUEUE_URL).toEqual({ Ref: queueIdNamed(home, staged(CHECK_RESULTS_QUEUE)) });
    expect(variables.ALERTS_QUEUE_URL).toEqual({ Ref: queueIdNamed(home, staged(ALERTS_QUEUE)) });
    expect(variables.CHANNEL_DELIVERIES_QUEUE_URL).toEqual({ Ref: queueIdNamed(home, staged(CHANNEL_DELIVERIES_QUEUE)) });
    // Not an API function: the user pool only for a function that declares Cognito actions.
    if (pipelinePermissions(name).cognito?.length) expect(JSON.stringify(variables.USER_POOL_ID)).toContain('Fn::ImportValue');
    else expect(Object.keys(variables)).not.toEqual(expect.arrayContaining(['USER_POOL_ID']));

    const policies = policiesOfRole(home, functionId);
    expect(policies).toContain('dynamodb:Query');
    if (pipelinePermissions(name).table === 'readWrite') expect(policies).toContain('dynamodb:PutItem');
    else expect(policies).not.toContain('dynamodb:PutItem');
  });

  it.each(homeFunctionNames)('lets the %s send only to the queues it declares', (name) => {
    const [functionId] = onlyFunctionNamed(home, name);
    const arnsOf: Record<string, unknown[]> = {
      checks: DEFAULT_CHECKER_REGIONS.map(checkQueueArn),
      results: [{ 'Fn::GetAtt': [queueIdNamed(home, staged(CHECK_RESULTS_QUEUE)), 'Arn'] }],
      alerts: [{ 'Fn::GetAtt': [queueIdNamed(home, staged(ALERTS_QUEUE)), 'Arn'] }],
      channelDeliveries: [{ 'Fn::GetAtt': [queueIdNamed(home, staged(CHANNEL_DELIVERIES_QUEUE)), 'Arn'] }],
      subscriberNotices: [{ 'Fn::GetAtt': [queueIdNamed(home, staged(SUBSCRIBER_NOTICES_QUEUE)), 'Arn'] }],
    };
    const expected = pipelinePermissions(name).sendsTo.flatMap((queue) => arnsOf[queue]);
    expect(sendMessageResources(home, functionId)).toEqual(expected);
  });

  it('tells each checker where the results queue is, and lets it send there only', () => {
    const resultsUrl = `https://sqs.${HOME_REGION}.amazonaws.com/${PLACEHOLDER_ACCOUNT}/${staged(CHECK_RESULTS_QUEUE)}`;
    const resultsArn = `arn:aws:sqs:${HOME_REGION}:${PLACEHOLDER_ACCOUNT}:${staged(CHECK_RESULTS_QUEUE)}`;
    for (const resources of checkers) {
      const [functionId, fn] = onlyFunctionNamed(resources, 'checker');
      const variables = fn.Properties.Environment.Variables as Properties;
      expect(variables).toMatchObject({ RESULTS_QUEUE_URL: resultsUrl, HOME_REGION });
      expect(variables.TABLE_NAME).toBeUndefined();
      expect(sendMessageResources(resources, functionId)).toEqual([resultsArn]);
      expect(policiesOfRole(resources, functionId)).not.toContain('dynamodb:');
    }
  });

  it('builds every pipeline function like the API ones: the one runtime (LAMBDA_RUNTIME) on ARM64, ESM with source maps', () => {
    const all = [
      ...homeFunctionNames.map((name) => onlyFunctionNamed(home, name)),
      ...checkers.flatMap((resources) => regionalConsumers.map((row) => onlyFunctionNamed(resources, row.name))),
    ];
    for (const [, fn] of all) {
      expect(fn.Properties).toMatchObject({
        Runtime: LAMBDA_RUNTIME.name,
        Architectures: ['arm64'],
        Handler: 'index.handler',
        LoggingConfig: { LogGroup: { Ref: expect.any(String) } },
      });
      expect(fn.Properties.Environment.Variables.NODE_OPTIONS).toBe('--enable-source-maps');
    }
  });

  it('alarms on the first error of any pipeline function', () => {
    const expectErrorsAlarm = (resources: Resources, name: string) => {
      const [functionId] = onlyFunctionNamed(resources, name);
      const alarms = ofType(resources, 'AWS::CloudWatch::Alarm')
        .map(([, alarm]) => alarm.Properties)
        .filter((alarm) => alarm.MetricName === 'Errors' && alarm.Dimensions?.[0]?.Value?.Ref === functionId);
      expect(alarms, name).toHaveLength(1);
      expect(alarms[0]).toMatchObject({
        Namespace: 'AWS/Lambda',
        Statistic: 'Sum',
        Period: 300,
        Threshold: 1,
        ComparisonOperator: 'GreaterThanOrEqualToThreshold',
        AlarmName: `upwatch-${name}-${STAGE} has errors`,
      });
    };
    for (const name of homeFunctionNames) expectErrorsAlarm(home, name);
    for (const resources of checkers) for (const row of regionalConsumers) expectErrorsAlarm(resources, row.name);
  });

  it('addresses the check queues of the configured checker regions, each stack only by plain strings', () => {
    const regions = ['eu-central-1', 'sa-east-1'];
    const custom = buildTestApp({ checkerRegions: regions.join(',') });
    const [, dispatcher] = onlyFunctionNamed(resourcesOf(custom.checksHome), 'dispatcher');
    expect(Object.keys(JSON.parse(dispatcher.Properties.Environment.Variables.CHECK_QUEUE_URLS as string))).toEqual(regions);
    custom.checkers.forEach((stack, i) => {
      expect(stack.dependencies).toEqual([]);
      const resources = resourcesOf(stack);
      const [functionId] = onlyFunctionNamed(resources, 'checker');
      expect(mappingsOf(resources, functionId)[0]?.EventSourceArn).toEqual({
        'Fn::GetAtt': [queueIdNamed(resources, staged(checkQueueName(regions[i]!))), 'Arn'],
      });
    });
  });

  it('refuses, naming it, an event-sources row that has no timeout and memory', () => {
    expect(() => pipelineSizing('mailer-from-the-future')).toThrow(/"mailer-from-the-future".*infra\/event-sources\.ts/);
  });

  it('refuses to wire a consumer to a queue whose visibility timeout is too short for it', () => {
    const stack = new Stack(emptyTestApp({ 'aws:cdk:bundling-stacks': [] }), 'Short');
    const queue = new QueueWithDeadLetter(stack, 'Queue', { queueName: 'short', visibilityTimeout: Duration.minutes(1) });
    expect(() => addQueueConsumer(stack, regionalConsumers[0]!, queue, { repoRoot: '.', stage: STAGE, environment: {} })).toThrow(
      /short hides a received message 60 s, less than 6x/,
    );
  });
});
