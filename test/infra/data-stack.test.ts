import { Match, Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { keyAttributeNames, TABLE } from '../../shared/table/table-definition.js';
import { buildTestApp } from './test-app.js';

describe('DataStack', () => {
  let template: Template;
  beforeAll(() => {
    template = Template.fromStack(buildTestApp().data);
  });

  it('builds exactly one table, named after TABLE and the stage', () => {
    template.resourceCountIs('AWS::DynamoDB::Table', 1);
    template.hasResourceProperties('AWS::DynamoDB::Table', { TableName: `${TABLE.name}-dev` });
  });

  it('keys the table on the partition and sort keys of TABLE, all key attributes strings', () => {
    const table = Object.values(template.findResources('AWS::DynamoDB::Table'))[0];
    expect(table?.Properties.KeySchema).toEqual([
      { AttributeName: TABLE.partitionKey, KeyType: 'HASH' },
      { AttributeName: TABLE.sortKey, KeyType: 'RANGE' },
    ]);
    const definitions = table?.Properties.AttributeDefinitions as { AttributeName: string; AttributeType: string }[];
    expect(definitions.map((d) => d.AttributeName).sort()).toEqual(keyAttributeNames(TABLE).sort());
    expect(new Set(definitions.map((d) => d.AttributeType))).toEqual(new Set(['S']));
  });

  it('creates every global index of TABLE with its keys and ALL projection', () => {
    template.hasResourceProperties('AWS::DynamoDB::Table', {
      GlobalSecondaryIndexes: TABLE.globalIndexes.map((index) => ({
        IndexName: index.name,
        KeySchema: [
          { AttributeName: index.partitionKey, KeyType: 'HASH' },
          { AttributeName: index.sortKey, KeyType: 'RANGE' },
        ],
        Projection: { ProjectionType: 'ALL' },
      })),
    });
  });

  it('expires items on the TTL attribute of TABLE', () => {
    template.hasResourceProperties('AWS::DynamoDB::Table', {
      TimeToLiveSpecification: { AttributeName: TABLE.ttlAttribute, Enabled: true },
    });
  });

  it('bills per request, keeps point-in-time recovery and survives stack deletion', () => {
    template.hasResource('AWS::DynamoDB::Table', {
      Properties: Match.objectLike({
        BillingMode: 'PAY_PER_REQUEST',
        PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
      }),
      DeletionPolicy: 'Retain',
      UpdateReplacePolicy: 'Retain',
    });
  });
});
