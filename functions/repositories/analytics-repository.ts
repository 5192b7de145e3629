import type { HourLatency } from '../../shared/checks/latency-histogram.js';
import { DAY_ROLLUP_SK_PREFIX, dayRollupKey, ROLLUP_SK_PREFIX, rollupKey } from '../../shared/table/keys.js';
import { latencyOfItem } from './latency-items.js';
import { queryAll, type TableItem } from './query-all.js';

/**
 * The analytics panel's reads (docs/analytics.md "Reading a period"): a range of a monitor's hourly
 * rollups (keys.ts 11) or daily rollups (keys.ts 52), each with its counters and latency. At most
 * twice a period's steps: 336 hour items for 7 days and the 7 before, 180 day items for 90 days and
 * the 90 before; never a check result.
 */
export interface StoredStep {
  /** `YYYY-MM-DDTHH` for an hour, `YYYY-MM-DD` for a day. */
  key: string;
  checks: number;
  ups: number;
  latency: HourLatency;
}

/** Items past their TTL that DynamoDB has not deleted yet are not data any more (docs/product-rules.md "Retention"). */
const live = (nowSeconds: number) => (item: TableItem): boolean => typeof item.expires_at !== 'number' || item.expires_at > nowSeconds;

const toStep = (prefix: string) => (item: TableItem): StoredStep => ({
  key: String(item.SK).slice(prefix.length),
  checks: Number(item.checks ?? 0),
  ups: Number(item.ups ?? 0),
  latency: latencyOfItem(item),
});

/** The closed hours from `fromHour` to `toHour` (inclusive), oldest first. */
export const listHourSteps = async (monitorId: string, fromHour: string, toHour: string, now: Date): Promise<StoredStep[]> => {
  const from = rollupKey(monitorId, fromHour);
  const items = await queryAll({
    KeyConditionExpression: 'PK = :pk AND SK BETWEEN :from AND :to',
    ExpressionAttributeValues: { ':pk': from.PK, ':from': from.SK, ':to': rollupKey(monitorId, toHour).SK },
  });
  return items.filter(live(now.getTime() / 1000)).map(toStep(ROLLUP_SK_PREFIX));
};

/** The UTC days from `fromDay` to `toDay` (inclusive), oldest first: their closed hours summed. */
export const listDaySteps = async (monitorId: string, fromDay: string, toDay: string, now: Date): Promise<StoredStep[]> => {
  const from = dayRollupKey(monitorId, fromDay);
  const items = await queryAll({
    KeyConditionExpression: 'PK = :pk AND SK BETWEEN :from AND :to',
    ExpressionAttributeValues: { ':pk': from.PK, ':from': from.SK, ':to': dayRollupKey(monitorId, toDay).SK },
  });
  return items.filter(live(now.getTime() / 1000)).map(toStep(DAY_ROLLUP_SK_PREFIX));
};
