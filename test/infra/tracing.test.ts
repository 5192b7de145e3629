import { Stack, type CfnElement } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { NodeLambda } from '../../infra/constructs/node-lambda.js';
import { QUEUE_CONSUMERS, SCHEDULED_FUNCTIONS } from '../../infra/event-sources.js';
import { areasInUse } from '../../shared/api/routes.js';
import { buildTestApp } from './test-app.js';

/**
 * X-Ray active tracing on every Upwatch function (docs/observability.md "Traces"): Powertools Tracer
 * records into the trace Lambda starts, and a check round's trace crosses the regions through the
 * queue messages, so a function without it would cut the round's trace in two.
 */
describe('X-Ray tracing', () => {
  const { checkers, ...home } = buildTestApp({ checkerRegions: 'us-east-1,eu-west-1,ap-south-1' });
  const stacks: Stack[] = [...Object.values(home), ...checkers];
  const functions = stacks.flatMap((stack) => stack.node.findAll().filter((node): node is NodeLambda => node instanceof NodeLambda));

  it('is active on every function: each API area, queue consumer (the checker in each region), scheduled function, the live socket\'s two and the Cognito token trigger', () => {
    // The live-status socket's connection handler and authorizer (live-stack.ts).
    const live = 2;
    // Cognito's pre token generation trigger (auth-stack.ts, docs/security.md "Tokens and sessions").
    const cognitoTriggers = 1;
    const expected = areasInUse().length + (QUEUE_CONSUMERS.length - 1) + checkers.length + SCHEDULED_FUNCTIONS.length + live + cognitoTriggers;
    expect(functions).toHaveLength(expected);
    for (const fn of functions) {
      const stack = Stack.of(fn);
      const resource = Template.fromStack(stack).toJSON().Resources[stack.getLogicalId(fn.function.node.defaultChild as CfnElement)];
      expect(resource?.Properties.TracingConfig, fn.node.path).toEqual({ Mode: 'Active' });
    }
  });

  it("lets each function's own role write traces, and nothing more of X-Ray", () => {
    for (const fn of functions) {
      const stack = Stack.of(fn);
      const policies = Template.fromStack(stack).findResources('AWS::IAM::Policy', {
        Properties: { Roles: [{ Ref: stack.getLogicalId(fn.role.node.defaultChild as CfnElement) }] },
      });
      const xrayActions = Object.values(policies)
        .flatMap((policy) => (policy.Properties.PolicyDocument as { Statement: { Action: string | string[] }[] }).Statement)
        .flatMap((statement) => [statement.Action].flat())
        .filter((action) => action.startsWith('xray:'));
      expect(xrayActions.sort(), fn.node.path).toEqual(['xray:PutTelemetryRecords', 'xray:PutTraceSegments']);
    }
  });
});
