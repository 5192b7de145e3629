import { Stack, type IAspect } from 'aws-cdk-lib';
import { Alarm } from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import type { IConstruct } from 'constructs';

/**
 * Every CloudWatch alarm of the app (dead-letter queues, function errors) notifies the operators:
 * one SNS topic per stack that has alarms (an alarm can only notify a topic in its own region, and
 * the checker stacks live in other regions), e-mailed to `alarmEmail` when one is configured. New
 * alarms anywhere are covered without being listed. Without an address the topics still exist, so
 * a pager or chat integration can subscribe to them later.
 */
export class AlarmNotifications implements IAspect {
  private readonly topics = new Map<Stack, Topic>();

  constructor(private readonly options: { alarmEmail?: string; stage: string }) {}

  visit(node: IConstruct): void {
    if (!(node instanceof Alarm)) return;
    node.addAlarmAction(new SnsAction(this.topicOf(Stack.of(node))));
    node.addOkAction(new SnsAction(this.topicOf(Stack.of(node))));
  }

  private topicOf(stack: Stack): Topic {
    let topic = this.topics.get(stack);
    if (!topic) {
      // Publishers must use TLS (the topic policy denies anything else); CloudWatch alarms do.
      topic = new Topic(stack, 'OperatorAlarms', { displayName: `Upwatch ${this.options.stage} alarms`, enforceSSL: true });
      if (this.options.alarmEmail) topic.addSubscription(new EmailSubscription(this.options.alarmEmail));
      this.topics.set(stack, topic);
    }
    return topic;
  }
}
