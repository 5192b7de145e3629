import { describeMigration, migrateWorkspaces } from '../services/operations/migrate-workspaces.js';

/**
 * `npx tsx functions/operations/migrate-workspaces.ts`: founds the own workspace of every account
 * made before workspaces (docs/teams.md "Migration"; on AWS, docs/operations.md "Migrate accounts
 * to workspaces"). It talks to the table the environment names, as a function does (TABLE_NAME,
 * AWS_REGION, and DYNAMODB_ENDPOINT for a local table); locally `npm run migrate:workspaces` sets
 * them, and `npm start` runs it on every start.
 */
const main = async () => {
  const summary = await migrateWorkspaces({ log: (line) => console.log(line) });
  console.log(describeMigration(summary));
};

main().catch((error: unknown) => {
  console.error(`Workspace migration failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
