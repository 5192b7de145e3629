import { z } from 'zod';
import { lambdaEntry } from '../observability/lambda-entry.js';
import { takeTableCensus } from '../services/admin/table-census.js';

/** The schedule's event: no input of its own, plus `scheduledTime` (infra/event-sources.ts). */
export const CensusEvent = z.object({ scheduledTime: z.iso.datetime({ offset: true }).optional() });

/** Estimates the table's size by kind of item for the operator dashboard (services/admin/table-census.ts). */
export const handler = lambdaEntry(async (event: unknown): Promise<void> => {
  const { scheduledTime } = CensusEvent.parse(event ?? {});
  await takeTableCensus(scheduledTime ? new Date(scheduledTime) : new Date());
});
