import { Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from './test-app.js';

/** Every alarm of the app notifies the operators through an SNS topic in its own stack. */
describe('alarm notifications', () => {
  const stacksWithAlarms = (stacks: ReturnType<typeof buildTestApp>) =>
    [stacks.checksHome, ...stacks.checkers, stacks.api, stacks.data, stacks.auth, stacks.email, stacks.web]
      .map((stack) => ({ stack, template: Template.fromStack(stack) }))
      .filter(({ template }) => Object.keys(template.findResources('AWS::CloudWatch::Alarm')).length > 0);

  it('gives every alarm an alarm and an OK action on its own stack topic', () => {
    const stacks = stacksWithAlarms(buildTestApp());
    expect(stacks.length).toBeGreaterThanOrEqual(2);
    for (const { template } of stacks) {
      const topics = Object.keys(template.findResources('AWS::SNS::Topic'));
      expect(topics).toHaveLength(1);
      for (const alarm of Object.values(template.findResources('AWS::CloudWatch::Alarm'))) {
        expect(alarm.Properties.AlarmActions).toEqual([{ Ref: topics[0] }]);
        expect(alarm.Properties.OKActions).toEqual([{ Ref: topics[0] }]);
      }
    }
  });

  it('subscribes the operators address when alarmEmail is set, and nothing otherwise', () => {
    for (const { template } of stacksWithAlarms(buildTestApp({ alarmEmail: 'ops@example.com' }))) {
      template.hasResourceProperties('AWS::SNS::Subscription', { Protocol: 'email', Endpoint: 'ops@example.com' });
    }
    for (const { template } of stacksWithAlarms(buildTestApp())) {
      expect(Object.keys(template.findResources('AWS::SNS::Subscription'))).toHaveLength(0);
    }
  });
});
