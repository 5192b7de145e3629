import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import { EdgeFirewall } from '../constructs/edge-firewall.js';

export interface EdgeStackProps extends StackProps {
  readonly webAclName: string;
}

/**
 * CloudFront's WAF web ACL when the home region is not us-east-1: a CLOUDFRONT-scope web ACL can
 * only be created there. The web stack reads its ARN across regions (crossRegionReferences).
 */
export class EdgeStack extends Stack {
  readonly firewall: EdgeFirewall;

  constructor(scope: Construct, id: string, props: EdgeStackProps) {
    super(scope, id, props);
    this.firewall = new EdgeFirewall(this, 'Firewall', { name: props.webAclName });
    new CfnOutput(this, 'WebAclArn', { value: this.firewall.webAclArn });
  }
}
