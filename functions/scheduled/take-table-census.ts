import { z } from 'zod';
import { lambdaEntry } from '../observability/lambda-entry.js';
import { recountOperatorCounters } from '../services/admin/recount-counters.js';
import { takeTableCensus } from '../services/admin/table-census.js';

/** The schedule's event: no input of its own, plus `scheduledTime` (infra/event-sources.ts). */
export const CensusEvent = z.object({ scheduledTime: z.iso.datetime({ offset: true }).optional() });

/**
 * The operator dashboard's nightly numbers: first the counters are recounted from the items
 * (services/admin/recount-counters.ts), then the census of the table's size by kind, which quotes
 * them, is taken (services/admin/table-census.ts).
 */
export const handler = lambdaEntry(async (event: unknown): Promise<void> => {
  const { scheduledTime } = CensusEvent.parse(event ?? {});
  const now = scheduledTime ? new Date(scheduledTime) : new Date();
  await recountOperatorCounters(now);
  await takeTableCensus(now);
});
