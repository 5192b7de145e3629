import { Match, Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from './test-app.js';

describe('EmailStack', () => {
  it('verifies the single sender address when no domain is given', () => {
    const template = Template.fromStack(buildTestApp({ mailFrom: 'alerts@upwatch.example' }).email);
    template.hasResourceProperties('AWS::SES::EmailIdentity', { EmailIdentity: 'alerts@upwatch.example' });
  });

  it('verifies the whole domain and outputs its DKIM records when domainName is set', () => {
    const template = Template.fromStack(
      buildTestApp({ mailFrom: 'alerts@upwatch.example', domainName: 'upwatch.example' }).email,
    );
    template.hasResourceProperties('AWS::SES::EmailIdentity', { EmailIdentity: 'upwatch.example' });
    expect(Object.keys(template.findOutputs('*')).filter((name) => name.startsWith('DkimRecord'))).toHaveLength(3);
  });

  it('sends through a configuration set that suppresses bounced and complaining addresses', () => {
    const template = Template.fromStack(buildTestApp().email);
    template.hasResourceProperties('AWS::SES::ConfigurationSet', {
      Name: 'upwatch-dev',
      SuppressionOptions: { SuppressedReasons: Match.arrayWith(['BOUNCE', 'COMPLAINT']) },
    });
    template.hasResourceProperties('AWS::SES::EmailIdentity', {
      ConfigurationSetAttributes: { ConfigurationSetName: { Ref: Match.stringLikeRegexp('^ConfigurationSet') } },
    });
  });
});
