import { TABLE } from '../../../shared/table/table-definition.js';
import { endpoints, readLocalSettings } from '../settings.js';

/**
 * `npm run backfill:day-rollups`: builds the status pages' daily rollups from the hourly ones in the
 * local table of the running `npm start` (same settings). The work is the functions' own
 * (functions/services/operations/backfill-day-rollups.ts), pointed at DynamoDB Local; on AWS, see
 * docs/operations.md "Backfill the daily rollups".
 */
const settings = readLocalSettings();
Object.assign(process.env, { TABLE_NAME: TABLE.name, AWS_REGION: settings.region, DYNAMODB_ENDPOINT: endpoints(settings).dynamodb });

const main = async () => {
  // Imported once the environment names the local table: the functions read it on first use.
  const { backfillDayRollups } = await import('../../../functions/services/operations/backfill-day-rollups.js');
  const summary = await backfillDayRollups({ log: (line) => console.log(line) });
  console.log(`Backfilled ${summary.hoursAdded} hours into ${summary.daysWritten} days of ${summary.monitors} monitors.`);
};

main().catch((error: unknown) => {
  console.error(`Backfill failed: ${error instanceof Error ? error.message : String(error)}`);
  console.error(`Is the local cloud running (npm start) with DynamoDB Local on port ${settings.ports.dynamodb}?`);
  process.exit(1);
});
