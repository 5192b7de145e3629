import { beforeEach, describe, expect, it, vi } from 'vitest';
import { handler } from '../../../functions/scheduled/take-table-census.js';
import { recountOperatorCounters } from '../../../functions/services/admin/recount-counters.js';
import { takeTableCensus } from '../../../functions/services/admin/table-census.js';

vi.mock('../../../functions/services/admin/recount-counters.js', () => ({ recountOperatorCounters: vi.fn() }));
vi.mock('../../../functions/services/admin/table-census.js', () => ({ takeTableCensus: vi.fn() }));

const recount = vi.mocked(recountOperatorCounters);
const census = vi.mocked(takeTableCensus);
const scheduledTime = '2026-11-29T03:30:00Z';

beforeEach(() => {
  recount.mockReset();
  census.mockReset();
});

describe('the nightly table-census run (docs/admin.md "Counters", "Table size by kind")', () => {
  it('recounts the counters first, then takes the census that quotes them, both at the scheduled time', async () => {
    const order: string[] = [];
    recount.mockImplementation(async () => {
      order.push('recount');
      return { corrections: {}, placesRepaired: [], placesLeft: [] };
    });
    census.mockImplementation(async () => {
      order.push('census');
      return {} as Awaited<ReturnType<typeof takeTableCensus>>;
    });
    await handler({ scheduledTime });
    expect(order).toEqual(['recount', 'census']);
    expect(recount).toHaveBeenCalledWith(new Date(scheduledTime));
    expect(census).toHaveBeenCalledWith(new Date(scheduledTime));
  });

  it('still takes the census when the recount fails, then fails the run so the failure is seen', async () => {
    const failure = new Error('throttled');
    recount.mockRejectedValue(failure);
    await expect(handler({ scheduledTime })).rejects.toBe(failure);
    expect(census).toHaveBeenCalledTimes(1);
  });
});
