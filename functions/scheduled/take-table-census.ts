import { z } from 'zod';
import { lambdaEntry } from '../observability/lambda-entry.js';
import { recountOperatorCounters } from '../services/admin/recount-counters.js';
import { takeTableCensus } from '../services/admin/table-census.js';

/** The schedule's event: no input of its own, plus `scheduledTime` (infra/event-sources.ts). */
export const CensusEvent = z.object({ scheduledTime: z.iso.datetime({ offset: true }).optional() });

/**
 * The operator dashboard's nightly numbers: first the counters are recounted from the items
 * (services/admin/recount-counters.ts), then the census of the table's size by kind, which quotes
 * them, is taken (services/admin/table-census.ts). A failed recount does not cost the census (it
 * quotes the counters as they are); the run still fails afterwards, so the failure is seen.
 */
export const handler = lambdaEntry(async (event: unknown): Promise<void> => {
  const { scheduledTime } = CensusEvent.parse(event ?? {});
  const now = scheduledTime ? new Date(scheduledTime) : new Date();
  const recountError = await recountOperatorCounters(now).then(
    () => null,
    (error: unknown) => error,
  );
  await takeTableCensus(now);
  if (recountError !== null) throw recountError;
});
