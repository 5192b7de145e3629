import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import {
  ConfigurationSet,
  ConfigurationSetTlsPolicy,
  EmailIdentity,
  Identity,
  SuppressionReasons,
} from 'aws-cdk-lib/aws-ses';
import type { Construct } from 'constructs';
import { stageResourceName } from './stage-names.js';

export interface EmailStackProps extends StackProps {
  readonly stage: string;
  readonly mailFrom: string;
  /** Verify the whole domain (DKIM records to publish) instead of the single address `mailFrom`. */
  readonly domainName?: string;
}

/** The stage's configuration set; the functions that send mail are granted it by this name. */
export const sesConfigurationSetName = (stage: string): string => stageResourceName('upwatch', stage);

/**
 * The SES side of every e-mail Upwatch sends (verification and reset links, alerts, reports): the
 * sender identity and a configuration set that keeps bounce and complaint addresses suppressed, so
 * repeated alerts to a dead mailbox cannot hurt the account's sending reputation.
 */
export class EmailStack extends Stack {
  readonly mailFrom: string;
  readonly identity: EmailIdentity;
  readonly configurationSet: ConfigurationSet;

  constructor(scope: Construct, id: string, props: EmailStackProps) {
    super(scope, id, props);
    this.mailFrom = props.mailFrom;

    this.configurationSet = new ConfigurationSet(this, 'ConfigurationSet', {
      configurationSetName: sesConfigurationSetName(props.stage),
      reputationMetrics: true,
      suppressionReasons: SuppressionReasons.BOUNCES_AND_COMPLAINTS,
      tlsPolicy: ConfigurationSetTlsPolicy.REQUIRE,
    });

    this.identity = new EmailIdentity(this, 'SenderIdentity', {
      identity: props.domainName ? Identity.domain(props.domainName) : Identity.email(props.mailFrom),
      // Mail from this identity goes through the set without each sender having to name it.
      configurationSet: this.configurationSet,
    });

    new CfnOutput(this, 'SenderIdentityName', {
      value: props.domainName ?? props.mailFrom,
      description: props.domainName
        ? 'Publish the DkimRecord outputs in DNS to verify this domain'
        : 'SES mails a verification link to this address: click it before the first send',
    });
    if (props.domainName) {
      this.identity.dkimRecords.forEach((record, i) => {
        new CfnOutput(this, `DkimRecord${i + 1}`, { value: `${record.name} CNAME ${record.value}` });
      });
    }
  }
}
