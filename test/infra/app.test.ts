import { App } from 'aws-cdk-lib';
import { describe, expect, it } from 'vitest';
import { PLACEHOLDER_ACCOUNT, readAppSettings } from '../../infra/bin/app-settings.js';
import { buildTestApp, emptyTestApp } from './test-app.js';

const settingsFrom = (context: Record<string, string>, env: NodeJS.ProcessEnv = {}) =>
  readAppSettings(emptyTestApp(context).node, env);

describe('the CDK app', () => {
  it('has one stack per concern plus one checker stack per default region', () => {
    const { checkers, ...home } = buildTestApp();
    expect(Object.values(home).map((stack) => stack.stackName)).toEqual([
      'Upwatch-dev-Data',
      'Upwatch-dev-Auth',
      'Upwatch-dev-Email',
      'Upwatch-dev-Live',
      'Upwatch-dev-Api',
      'Upwatch-dev-ChecksHome',
      'Upwatch-dev-Web',
    ]);
    expect(checkers.map((stack) => stack.stackName)).toEqual([
      'Upwatch-dev-Checks-us-east-1',
      'Upwatch-dev-Checks-eu-west-1',
      'Upwatch-dev-Checks-ap-south-1',
    ]);
  });

  it('passes CloudFormation validation with no error-level finding', () => {
    const { data } = buildTestApp(
      { '@aws-cdk/core:validateAgainstDefaultRules': true },
      {},
      { builtinCloudFormationValidation: true },
    );
    // With the flag above, any error-level finding in any stack makes synth throw.
    expect(() => (data.node.root as App).synth()).not.toThrow();
  });

  it('puts every non-checker stack in the home region of the placeholder account when nothing is set', () => {
    const { checkers: _checkers, ...home } = buildTestApp();
    for (const stack of Object.values(home)) {
      expect([stack.account, stack.region]).toEqual([PLACEHOLDER_ACCOUNT, 'us-east-1']);
    }
  });

  it('names every stack after the stage', () => {
    const { data, checkers } = buildTestApp({ stage: 'prod', appUrl: 'https://upwatch.example' });
    expect(data.stackName).toBe('Upwatch-prod-Data');
    expect(checkers[0]?.stackName).toBe('Upwatch-prod-Checks-us-east-1');
  });

  it('prefers context over the environment, and the environment over defaults', () => {
    const settings = settingsFrom(
      { stage: 'qa', appUrl: 'https://qa.upwatch.example' },
      { UPWATCH_STAGE: 'ignored', UPWATCH_MAIL_FROM: 'ops@upwatch.example', CDK_DEFAULT_ACCOUNT: '222222222222' },
    );
    expect(settings).toMatchObject({ stage: 'qa', mailFrom: 'ops@upwatch.example', account: '222222222222' });
  });

  it('refuses bad settings, naming each one', () => {
    expect(() => settingsFrom({ stage: 'Prod!', checkerRegions: 'moon-1', appUrl: 'not a url' })).toThrow(
      /stage:.*\n.*checkerRegions.*\n.*appUrl/s,
    );
  });

  it('refuses a stage other than dev without appUrl, so mail links never point elsewhere', () => {
    expect(() => settingsFrom({ stage: 'prod' })).toThrow(/appUrl: appUrl is required for every stage but dev/);
    expect(settingsFrom({ stage: 'dev' }).appUrl).toBeUndefined();
  });

  it('refuses a sender address outside the verified domain', () => {
    expect(() => settingsFrom({ mailFrom: 'alerts@other.example', domainName: 'upwatch.example' })).toThrow(
      /mailFrom must be an address at domainName/,
    );
  });
});
