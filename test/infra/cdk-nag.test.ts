import { Aspects, Stack } from 'aws-cdk-lib';
import { Annotations, Match } from 'aws-cdk-lib/assertions';
import { AwsSolutionsChecks } from 'cdk-nag';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from './test-app.js';

type Finding = { stack: string; path: string; level: 'error' | 'warning'; rule: string };

const RULE = Match.stringLikeRegexp('AwsSolutions-.*');

describe('cdk-nag AwsSolutions', () => {
  let findings: Finding[];
  beforeAll(() => {
    const app = buildTestApp();
    const { checkers, ...home } = app;
    const stacks: Stack[] = [...Object.values(home), ...checkers];
    Aspects.of(app.data.node.root).add(new AwsSolutionsChecks());
    findings = stacks.flatMap((stack) => {
      const annotations = Annotations.fromStack(stack);
      const of = (level: Finding['level'], messages: { id: string; entry: { data?: unknown } }[]) =>
        messages.map((m) => ({ stack: stack.stackName, path: m.id, level, rule: String(m.entry.data).split(': ')[0]! }));
      return [...of('error', annotations.findError('*', RULE)), ...of('warning', annotations.findWarning('*', RULE))];
    });
  });

  it('reports nothing unsuppressed', async () => {
    if (process.env.NAG_DUMP) (await import('node:fs')).writeFileSync(process.env.NAG_DUMP, JSON.stringify(findings, null, 1));
    expect(findings).toEqual([]);
  });
});
