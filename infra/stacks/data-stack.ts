import { CfnOutput, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import { AttributeType, BillingMode, ProjectionType, Table, type Attribute } from 'aws-cdk-lib/aws-dynamodb';
import { AnyPrincipal, PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { Key } from 'aws-cdk-lib/aws-kms';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { NagSuppressions } from 'cdk-nag';
import type { Construct } from 'constructs';
import { TABLE } from '../../shared/table/table-definition.js';
import { monitorSecretsKeyAlias, OPENS_MONITOR_SECRETS_TAG, stageResourceName } from './stage-names.js';

/**
 * Provisioned capacity with auto scaling, for a steady check load (docs/COST.md: at a steady
 * load it costs about 40 % of on-demand per unit, at the utilization target below). Units per
 * second; each GSI gets the same range as the table (they are written far less than the table).
 */
export interface ProvisionedCapacity {
  readonly read: { readonly min: number; readonly max: number };
  readonly write: { readonly min: number; readonly max: number };
  /** Auto scaling keeps consumed / provisioned near this; default 70. */
  readonly targetUtilizationPercent?: number;
}

export interface DataStackProps extends StackProps {
  readonly stage: string;
  /** Absent: on-demand (pay per request), the default. */
  readonly provisionedCapacity?: ProvisionedCapacity;
}

const stringKey = (name: string): Attribute => ({ name, type: AttributeType.STRING });

/**
 * The single table, built from `TABLE` (shared/table/table-definition.ts) exactly as the local cloud
 * builds its copy, so an index added there appears in both places and nowhere needs editing here.
 */
export class DataStack extends Stack {
  readonly table: Table;
  /** Seals monitor secrets (functions/secrets/envelope.ts): the API's monitors area generates data keys. */
  readonly secretsKey: Key;
  /**
   * What the server's HMAC keys derive from (functions/secrets/signing-key.ts): a status page
   * subscriber's unsubscribe link is signed with one (docs/status-pages.md "Subscribers").
   */
  readonly signingSecret: Secret;

  constructor(scope: Construct, id: string, props: DataStackProps) {
    super(scope, id, props);

    const provisioned = props.provisionedCapacity;
    this.table = new Table(this, 'Table', {
      tableName: stageResourceName(TABLE.name, props.stage),
      partitionKey: stringKey(TABLE.partitionKey),
      sortKey: stringKey(TABLE.sortKey),
      ...(provisioned
        ? { billingMode: BillingMode.PROVISIONED, readCapacity: provisioned.read.min, writeCapacity: provisioned.write.min }
        : { billingMode: BillingMode.PAY_PER_REQUEST }),
      timeToLiveAttribute: TABLE.ttlAttribute,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      // Users, monitors and their history outlive any stack: deleting the stack leaves the table.
      removalPolicy: RemovalPolicy.RETAIN,
    });

    for (const index of TABLE.globalIndexes) {
      this.table.addGlobalSecondaryIndex({
        indexName: index.name,
        partitionKey: stringKey(index.partitionKey),
        sortKey: stringKey(index.sortKey),
        projectionType: ProjectionType.ALL,
        ...(provisioned ? { readCapacity: provisioned.read.min, writeCapacity: provisioned.write.min } : {}),
      });
    }
    if (provisioned) this.scaleWith(provisioned);

    // Monitor secrets (basic-auth passwords, secret header values), sealed per secret with a data
    // key of this key (docs/checks.md "Secrets"). The API's monitors area is granted GenerateDataKey
    // by the api stack. The checkers run in other regions and take only plain strings from here, so
    // the key policy lets the roles tagged as checkers of this stage, in this account, Decrypt data
    // keys bound to a monitor; secrets travel to the checkers sealed.
    this.secretsKey = new Key(this, 'MonitorSecretsKey', {
      alias: monitorSecretsKeyAlias(props.stage),
      description: 'Upwatch: seals monitor secrets (basic-auth passwords, secret request headers)',
      enableKeyRotation: true,
      // Deleting the key would make every stored secret unreadable.
      removalPolicy: RemovalPolicy.RETAIN,
    });
    this.secretsKey.addToResourcePolicy(
      new PolicyStatement({
        sid: 'CheckersOpenMonitorSecrets',
        principals: [new AnyPrincipal()],
        actions: ['kms:Decrypt'],
        resources: ['*'],
        conditions: {
          StringEquals: { 'aws:PrincipalAccount': this.account, [`aws:PrincipalTag/${OPENS_MONITOR_SECRETS_TAG}`]: props.stage },
          StringLike: { 'kms:EncryptionContext:upwatch': 'monitor:*' },
        },
      }),
    );

    // Random, made once by CloudFormation, never shown to anyone; kept when the stack goes, since
    // every unsubscribe link already mailed is signed with a key derived from it.
    this.signingSecret = new Secret(this, 'SigningSecret', {
      secretName: stageResourceName('upwatch-signing-secret', props.stage),
      description: 'Upwatch: the master of the HMAC keys that sign links (status page unsubscribe links)',
      generateSecretString: { passwordLength: 64, excludePunctuation: true },
      removalPolicy: RemovalPolicy.RETAIN,
    });
    NagSuppressions.addResourceSuppressions(this.signingSecret, [
      {
        id: 'AwsSolutions-SMG4',
        reason: 'Rotating it would void every unsubscribe link already mailed (they never expire, docs/status-pages.md "Subscribers"); it never leaves AWS.',
      },
    ]);

    new CfnOutput(this, 'TableName', { value: this.table.tableName });
    new CfnOutput(this, 'MonitorSecretsKeyArn', { value: this.secretsKey.keyArn });
  }

  /** Target-tracking auto scaling of reads and writes, for the table and each GSI. */
  private scaleWith(capacity: ProvisionedCapacity): void {
    const targetUtilizationPercent = capacity.targetUtilizationPercent ?? 70;
    const minMax = (range: { min: number; max: number }) => ({ minCapacity: range.min, maxCapacity: range.max });
    this.table.autoScaleReadCapacity(minMax(capacity.read)).scaleOnUtilization({ targetUtilizationPercent });
    this.table.autoScaleWriteCapacity(minMax(capacity.write)).scaleOnUtilization({ targetUtilizationPercent });
    for (const index of TABLE.globalIndexes) {
      this.table.autoScaleGlobalSecondaryIndexReadCapacity(index.name, minMax(capacity.read)).scaleOnUtilization({ targetUtilizationPercent });
      this.table.autoScaleGlobalSecondaryIndexWriteCapacity(index.name, minMax(capacity.write)).scaleOnUtilization({ targetUtilizationPercent });
    }
  }
}
