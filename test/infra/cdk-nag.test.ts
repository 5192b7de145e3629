import { Aspects, CfnResource, Stack } from 'aws-cdk-lib';
import { Annotations, Match } from 'aws-cdk-lib/assertions';
import { AwsSolutionsChecks } from 'cdk-nag';
import { describe, expect, it } from 'vitest';
import type { UpwatchStacks } from '../../infra/bin/build-app.js';
import { ROUTES } from '../../shared/api/routes.js';
import { headAnsweredRoutes } from '../../shared/api/head-requests.js';
import { buildTestApp } from './test-app.js';

/**
 * The field's own checker (docs/security.md): cdk-nag's AwsSolutions pack over every stack of the
 * app, checker stacks in other regions included, in the default stage and in the other shapes a
 * stage can take. Any error or warning not answered by a suppression next to its construct fails.
 */

type Finding = { stack: string; path: string; level: 'error' | 'warning'; finding: string };
type Suppression = { path: string; id: string; reason: string; appliesTo?: unknown[] };

const AWS_SOLUTIONS = Match.stringLikeRegexp('^AwsSolutions-');

const stacksOf = ({ checkers, ...home }: UpwatchStacks): Stack[] => [...Object.values(home), ...checkers];

const checked = (context: Record<string, unknown> = {}): UpwatchStacks => {
  const app = buildTestApp(context);
  Aspects.of(app.data.node.root).add(new AwsSolutionsChecks());
  return app;
};

const findingsOf = (app: UpwatchStacks): Finding[] =>
  stacksOf(app).flatMap((stack) => {
    const annotations = Annotations.fromStack(stack);
    const of = (level: Finding['level'], messages: { id: string; entry: { data?: unknown } }[]) =>
      messages.map(({ id, entry }) => ({ stack: stack.stackName, path: id, level, finding: String(entry.data).split(': ')[0]! }));
    return [...of('error', annotations.findError('*', AWS_SOLUTIONS)), ...of('warning', annotations.findWarning('*', AWS_SOLUTIONS))];
  });

/** Every cdk-nag suppression in the app, on the resource (CloudFormation element) that carries it. */
const suppressionsOf = (app: UpwatchStacks): Suppression[] =>
  stacksOf(app).flatMap((stack) =>
    stack.node
      .findAll()
      .filter((node): node is CfnResource => node instanceof CfnResource)
      .flatMap((resource) => {
        const rules = (resource.getMetadata('cdk_nag') as { rules_to_suppress?: Record<string, unknown>[] } | undefined)?.rules_to_suppress ?? [];
        return rules.map((rule) => ({
          path: resource.node.path,
          id: String(rule.id),
          reason: String(rule.reason),
          ...(rule.applies_to ? { appliesTo: rule.applies_to as unknown[] } : {}),
        }));
      }),
  );

const STAGES: [string, Record<string, string>][] = [
  ['the default dev stage', {}],
  [
    'a production stage homed outside us-east-1, on its own domain, with threat protection enforced',
    {
      stage: 'prod',
      appUrl: 'https://upwatch.example',
      homeRegion: 'eu-west-1',
      checkerRegions: 'eu-west-1,us-east-1',
      mailFrom: 'alerts@upwatch.example',
      domainName: 'upwatch.example',
      alarmEmail: 'ops@upwatch.example',
      webDomainName: 'upwatch.example',
      webCertificateArn: 'arn:aws:acm:us-east-1:111111111111:certificate/0f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0',
      threatProtection: 'enforced',
      provisionedCapacity: '5-100/20-400',
    },
  ],
  ['a stage with the WAF and threat protection switched off', { webFirewall: 'off', threatProtection: 'off' }],
];

describe('cdk-nag AwsSolutions', () => {
  it.each(STAGES)('finds nothing unsuppressed in %s', (_name, context) => {
    expect(findingsOf(checked(context))).toEqual([]);
  });

  it('ran: without the suppressions the default stage has findings of each kind fixed or answered', () => {
    // Guards against a silent checker (an aspect that never ran would also report nothing).
    const app = buildTestApp();
    Aspects.of(app.data.node.root).add(new AwsSolutionsChecks({ reports: false }));
    for (const stack of stacksOf(app)) {
      for (const resource of stack.node.findAll()) {
        if (resource instanceof CfnResource) resource.addMetadata('cdk_nag', { rules_to_suppress: [] });
      }
    }
    const rules = new Set(findingsOf(app).map(({ finding }) => finding.replace(/\[.*$/, '')));
    expect([...rules].sort()).toEqual(
      expect.arrayContaining(['AwsSolutions-APIG4', 'AwsSolutions-COG1', 'AwsSolutions-COG2', 'AwsSolutions-IAM5', 'AwsSolutions-L1']),
    );
  });

  describe('suppressions', () => {
    const app = checked();
    const suppressions = suppressionsOf(app);

    it('sit on resources, never on a whole stack', () => {
      for (const stack of stacksOf(app)) expect(stack.templateOptions.metadata?.cdk_nag).toBeUndefined();
      expect(suppressions.length).toBeGreaterThan(0);
    });

    it('each give a reason a reviewer can check', () => {
      for (const { reason } of suppressions) expect(reason.length).toBeGreaterThan(60);
    });

    it('narrow every wildcard IAM suppression to the findings it answers', () => {
      for (const suppression of suppressions.filter(({ id }) => id === 'AwsSolutions-IAM5')) {
        expect(suppression.appliesTo, suppression.path).toBeDefined();
      }
    });

    it('leave without a JWT authorizer exactly the public and API-key routes of shared/api/routes.ts (and their HEAD twins), and the live socket\'s $disconnect', () => {
      const routes = suppressions.filter(({ id }) => id === 'AwsSolutions-APIG4');
      // A WebSocket API authorizes on $connect only (docs/live-status.md "Pushes").
      const socket = routes.filter(({ path }) => path.includes('/SocketApi/'));
      expect(socket.map(({ path }) => path.replace(/^.*\/SocketApi\//, ''))).toEqual(['$disconnect-Route/Resource']);
      const unauthorised = routes
        .filter(({ path }) => !path.includes('/SocketApi/'))
        .map(({ path }) => path.match(/\/Route-([\w-]+)\//)?.[1])
        .sort();
      expect(unauthorised).toEqual(
        [
          ...ROUTES.filter((route) => route.access === 'public' || route.access === 'key').map((route) => route.name),
          ...headAnsweredRoutes().map((route) => `${route.name}-head`),
        ].sort(),
      );
    });
  });
});
