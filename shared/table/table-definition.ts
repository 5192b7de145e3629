/**
 * The one DynamoDB table, defined once. The CDK data stack and the local cloud's provisioning both
 * build the table from this object, so a new index is added here and nowhere else.
 *
 * Key names are generic (PK/SK/GSI1PK/...) because each item type gives them its own meaning;
 * `keys.ts` is where those meanings are written down.
 */
export interface IndexDefinition {
  readonly name: string;
  readonly partitionKey: string;
  readonly sortKey: string;
}

export interface TableDefinition {
  /** Logical name; deployed tables get a stage suffix from the stack, local ones use it as is. */
  readonly name: string;
  readonly partitionKey: string;
  readonly sortKey: string;
  readonly globalIndexes: readonly IndexDefinition[];
  /** Epoch-seconds attribute; DynamoDB deletes the item some time after it passes. */
  readonly ttlAttribute: string;
}

export const TABLE: TableDefinition = {
  name: 'upwatch',
  partitionKey: 'PK',
  sortKey: 'SK',
  globalIndexes: [
    { name: 'GSI1', partitionKey: 'GSI1PK', sortKey: 'GSI1SK' },
    { name: 'GSI2', partitionKey: 'GSI2PK', sortKey: 'GSI2SK' },
  ],
  ttlAttribute: 'expires_at',
};

/** Every key attribute the table and its indexes use (all strings). */
export const keyAttributeNames = (table: TableDefinition = TABLE): string[] => [
  ...new Set([
    table.partitionKey,
    table.sortKey,
    ...table.globalIndexes.flatMap((index) => [index.partitionKey, index.sortKey]),
  ]),
];
