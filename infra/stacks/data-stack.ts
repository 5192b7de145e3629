import { CfnOutput, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import { AttributeType, BillingMode, ProjectionType, Table, type Attribute } from 'aws-cdk-lib/aws-dynamodb';
import type { Construct } from 'constructs';
import { TABLE } from '../../shared/table/table-definition.js';
import { stageResourceName } from './stage-names.js';

export interface DataStackProps extends StackProps {
  readonly stage: string;
}

const stringKey = (name: string): Attribute => ({ name, type: AttributeType.STRING });

/**
 * The single table, built from `TABLE` (shared/table/table-definition.ts) exactly as the local cloud
 * builds its copy, so an index added there appears in both places and nowhere needs editing here.
 */
export class DataStack extends Stack {
  readonly table: Table;

  constructor(scope: Construct, id: string, props: DataStackProps) {
    super(scope, id, props);

    this.table = new Table(this, 'Table', {
      tableName: stageResourceName(TABLE.name, props.stage),
      partitionKey: stringKey(TABLE.partitionKey),
      sortKey: stringKey(TABLE.sortKey),
      billingMode: BillingMode.PAY_PER_REQUEST,
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
      });
    }

    new CfnOutput(this, 'TableName', { value: this.table.tableName });
  }
}
