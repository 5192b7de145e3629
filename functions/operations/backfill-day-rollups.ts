import { backfillDayRollups } from '../services/operations/backfill-day-rollups.js';

/**
 * `npx tsx functions/operations/backfill-day-rollups.ts`: builds the status pages' daily rollups
 * from the hourly ones already stored (docs/operations.md "Backfill the daily rollups"). It talks to
 * the table the environment names, as a function does (TABLE_NAME, AWS_REGION, and
 * DYNAMODB_ENDPOINT for a local table); locally `npm run backfill:day-rollups` sets them.
 */
const main = async () => {
  const summary = await backfillDayRollups({ log: (line) => console.log(line) });
  console.log(`Backfilled ${summary.hoursAdded} hours into ${summary.daysWritten} days of ${summary.monitors} monitors.`);
};

main().catch((error: unknown) => {
  console.error(`Backfill failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
