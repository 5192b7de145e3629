import { TABLE } from '../../../shared/table/table-definition.js';
import { endpoints, readLocalSettings } from '../settings.js';

/**
 * `npm run migrate:workspaces`: the workspace migration (docs/teams.md "Migration") against the local
 * table of the running `npm start` (same settings). `npm start` already runs it on every start; this
 * is for running it again by hand. The work is the functions' own
 * (functions/services/operations/migrate-workspaces.ts), pointed at DynamoDB Local.
 */
const settings = readLocalSettings();
Object.assign(process.env, { TABLE_NAME: TABLE.name, AWS_REGION: settings.region, DYNAMODB_ENDPOINT: endpoints(settings).dynamodb });

const main = async () => {
  // Imported once the environment names the local table: the functions read it on first use.
  const { describeMigration, migrateWorkspaces } = await import('../../../functions/services/operations/migrate-workspaces.js');
  console.log(describeMigration(await migrateWorkspaces({ log: (line) => console.log(line) })));
};

main().catch((error: unknown) => {
  console.error(`Workspace migration failed: ${error instanceof Error ? error.message : String(error)}`);
  console.error(`Is the local cloud running (npm start) with DynamoDB Local on port ${settings.ports.dynamodb}?`);
  process.exit(1);
});
