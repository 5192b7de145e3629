import { describeIncidentRetentionMigration, stampIncidentRetention } from '../services/operations/stamp-incident-retention.js';

/**
 * `npx tsx functions/operations/stamp-incident-retention.ts`: gives the ended incidents written
 * before incidents expired their TTL (docs/product-rules.md "Retention"; on AWS, docs/deploy.md
 * "Upgrading a stage from before incident retention"). It talks to the table the environment names,
 * as a function does (TABLE_NAME, AWS_REGION, and DYNAMODB_ENDPOINT for a local table); locally
 * `npm start` runs it on every start.
 */
const main = async () => {
  const summary = await stampIncidentRetention({ log: (line) => console.log(line) });
  console.log(describeIncidentRetentionMigration(summary));
};

main().catch((error: unknown) => {
  console.error(`Incident retention migration failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
