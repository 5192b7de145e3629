import path from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { TABLE } from '../../../shared/table/table-definition.js';
import { endpoints, readLocalSettings } from '../settings.js';
import { exportTable, importTable } from './table-backup.js';

/**
 * `npm run table:export -- <file>` and `npm run table:import -- <file>`: the local table (of the
 * running `npm start`, same settings) to a JSON-lines file and back (table-backup.ts,
 * docs/operations.md "Back up and restore").
 */
const settings = readLocalSettings();
const [command, file] = process.argv.slice(2);

const main = async () => {
  if ((command !== 'export' && command !== 'import') || !file) {
    console.error('Usage: npm run table:export -- <file>   |   npm run table:import -- <file>');
    process.exit(2);
  }
  const dynamodb = new DynamoDBClient({
    region: settings.region,
    endpoint: endpoints(settings).dynamodb,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  const target = path.resolve(file);
  const run = command === 'export' ? exportTable : importTable;
  const { items } = await run({ dynamodb, tableName: TABLE.name, file: target });
  console.log(command === 'export' ? `Exported ${items} items of ${TABLE.name} to ${target}.` : `Imported ${items} items from ${target} into ${TABLE.name}.`);
};

main().catch((error: unknown) => {
  console.error(`Table ${command} failed: ${error instanceof Error ? error.message : String(error)}`);
  console.error(`Is the local cloud running (npm start) with DynamoDB Local on port ${settings.ports.dynamodb}?`);
  process.exit(1);
});
