import { beforeEach, describe, expect, it, vi } from 'vitest';
import { scheduleStartingSoon } from '../../../shared/checks/dispatch.js';
import { TEXT } from '../../../shared/texts.js';
import { handler } from '../../../functions/api/monitors/bulk-upload.js';
import { insertMonitorsWithinCap } from '../../../functions/repositories/monitor-batch-repository.js';
import { getUserProfile } from '../../../functions/repositories/user-repository.js';
import { bulkUploadMonitors } from '../../../functions/services/monitors/bulk-upload.js';
import { caller, profile } from './profile-fixture.js';
import { bodyOf, sampleEvent } from './sample-events.js';

vi.mock('../../../functions/repositories/workspace-repository.js', () => import('./own-workspace-access.js'));
vi.mock('../../../functions/repositories/user-repository.js', () => ({ getUserProfile: vi.fn() }));
vi.mock('../../../functions/repositories/monitor-batch-repository.js', () => ({ insertMonitorsWithinCap: vi.fn() }));
// The first check of a new monitor goes through the queues; the integration tests cover it.
vi.mock('../../../functions/services/monitors/check-now.js', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../functions/services/monitors/check-now.js')>()),
  checkMonitorsNow: vi.fn(),
}));

const ctx = caller();
const HEADER = 'name,url,check_interval,timeout';
const upload = (text: string, filename = 'monitors.csv') => ({ filename, content: new TextEncoder().encode(text) });
const rows = (count: number, interval = 300) =>
  [HEADER, ...Array.from({ length: count }, (_, i) => `Site ${i + 1},site${i + 1}.example.com,${interval},30`)].join('\n');
const limit = (plan: string, monitors: string) =>
  `Monitor limit reached: your ${plan} plan allows ${monitors}. Upgrade your plan to add more.`;

type InsertCall = Parameters<typeof insertMonitorsWithinCap>[0];
const insertCalls = (): InsertCall[] => vi.mocked(insertMonitorsWithinCap).mock.calls.map(([call]) => call);

beforeEach(() => {
  vi.mocked(getUserProfile).mockReset().mockResolvedValue(profile());
  vi.mocked(insertMonitorsWithinCap).mockReset();
});

describe('bulkUploadMonitors', () => {
  it('creates a monitor per valid row, stored like a single create, and reports the rest by row', async () => {
    vi.mocked(insertMonitorsWithinCap).mockResolvedValue('created');
    const text = [
      HEADER,
      'Shop,shop.example.com,600,10',
      'Broken,not a url,300,30',
      'Metadata,http://169.254.169.254/latest,300,30',
      'Blog,https://blog.example.com,,',
    ].join('\r\n');

    const result = await bulkUploadMonitors({ ctx: caller({ subscription_tier: 'pro', monitor_count: 2 }), file: upload(text) });

    expect(result).toEqual({
      total_processed: 4,
      successful: 2,
      failed: 2,
      created_monitors: [
        { name: 'Shop', url: 'https://shop.example.com', check_interval: 600 },
        { name: 'Blog', url: 'https://blog.example.com', check_interval: 300 },
      ],
      errors: [`Row 3: ${TEXT.invalidUrl}`, expect.stringMatching(/^Row 4: .+/)],
      https_added_rows: [2],
    });
    const [call] = insertCalls();
    expect(call).toMatchObject({ userId: 'user-1', tierId: 'pro', cap: 10 });
    expect(call!.monitors.map(({ monitor }) => monitor)).toEqual([
      expect.objectContaining({ name: 'Shop', url: 'https://shop.example.com', check_interval: 600, timeout: 10, status: 'active', is_up: null }),
      expect.objectContaining({ name: 'Blog', url: 'https://blog.example.com', check_interval: 300, timeout: 30, last_checked: null }),
    ]);
    for (const { monitor, schedule } of call!.monitors) {
      expect(monitor.id).toMatch(/^[0-9A-HJKMNP-TV-Z]{26}$/);
      expect(schedule).toEqual(scheduleStartingSoon(monitor.id, monitor.check_interval, new Date(monitor.created_at)));
    }
    // Ids follow the file order, so the monitors list in the order they were uploaded.
    const [first, second] = call!.monitors.map(({ monitor }) => monitor.id);
    expect(first! < second!).toBe(true);
  });

  it('creates 1 of 3 valid rows for a free user and refuses the other 2, naming the limit and the plan', async () => {
    vi.mocked(getUserProfile).mockResolvedValue(profile());
    vi.mocked(insertMonitorsWithinCap).mockResolvedValue('created');

    const result = await bulkUploadMonitors({ ctx, file: upload(rows(3)) });

    expect(result).toMatchObject({ total_processed: 3, successful: 1, failed: 2 });
    expect(result.created_monitors).toEqual([{ name: 'Site 1', url: 'https://site1.example.com', check_interval: 300 }]);
    expect(result.errors).toEqual([`Row 3: ${limit('Free', '1 monitor')}`, `Row 4: ${limit('Free', '1 monitor')}`]);
    expect(insertCalls()[0]).toMatchObject({ tierId: 'free', cap: 1 });
    expect(insertCalls()[0]!.monitors).toHaveLength(1);
  });

  it("refuses rows faster than the plan's floor and writes nothing when no row is left", async () => {
    vi.mocked(getUserProfile).mockResolvedValue(profile());

    const result = await bulkUploadMonitors({ ctx, file: upload(rows(2, 60)) });

    expect(result).toMatchObject({ total_processed: 2, successful: 0, failed: 2, created_monitors: [] });
    expect(result.errors[0]).toBe('Row 2: The Free plan checks at most every 5 minutes. Choose a longer interval or upgrade your plan.');
    expect(insertMonitorsWithinCap).not.toHaveBeenCalled();
  });

  it('re-reads the profile and re-splits the rows when another request used up places in between', async () => {
    vi.mocked(getUserProfile).mockResolvedValueOnce(profile({ subscription_tier: 'pro', monitor_count: 8 }));
    vi.mocked(insertMonitorsWithinCap).mockResolvedValueOnce('cap_reached').mockResolvedValueOnce('created');

    const result = await bulkUploadMonitors({ ctx: caller({ subscription_tier: 'pro', monitor_count: 5 }), file: upload(rows(4)) });

    expect(insertCalls().map((call) => call.monitors.length)).toEqual([4, 2]);
    expect(result).toMatchObject({ successful: 2, failed: 2 });
    expect(result.errors).toEqual([`Row 4: ${limit('Pro', '10 monitors')}`, `Row 5: ${limit('Pro', '10 monitors')}`]);
  });

  it('applies the new plan when the plan changed in between', async () => {
    vi.mocked(getUserProfile).mockResolvedValueOnce(profile({ subscription_tier: 'pro', monitor_count: 0 }));
    vi.mocked(insertMonitorsWithinCap).mockResolvedValueOnce('cap_reached').mockResolvedValueOnce('created');

    const result = await bulkUploadMonitors({ ctx, file: upload(rows(3)) });

    expect(insertCalls()[1]).toMatchObject({ tierId: 'pro', cap: 10 });
    expect(result).toMatchObject({ successful: 3, failed: 0, errors: [] });
  });

  it('gives up with 409 when other requests keep changing the monitors', async () => {
    vi.mocked(getUserProfile).mockResolvedValue(profile({ subscription_tier: 'pro' }));
    vi.mocked(insertMonitorsWithinCap).mockResolvedValue('cap_reached');

    await expect(bulkUploadMonitors({ ctx: caller({ subscription_tier: 'pro' }), file: upload(rows(1)) })).rejects.toMatchObject({ status: 409, code: 'CONFLICT' });
    expect(insertMonitorsWithinCap).toHaveBeenCalledTimes(10);
  });

  it.each([
    ['no file', null],
    ['a file not named .csv', upload(rows(1), 'monitors.xlsx')],
  ])('answers 400 "Please select a CSV file" for %s without touching storage', async (_case, file) => {
    await expect(bulkUploadMonitors({ ctx, file })).rejects.toMatchObject({ status: 400, detail: TEXT.selectCsvFile });
    expect(getUserProfile).not.toHaveBeenCalled();
  });

  it('refuses an unreadable file before reading the profile', async () => {
    await expect(bulkUploadMonitors({ ctx, file: upload('Shop,https://shop.example.com\n') })).rejects.toMatchObject({
      status: 400,
      detail: 'The CSV file must start with the header row name,url,check_interval,timeout',
    });
    expect(getUserProfile).not.toHaveBeenCalled();
  });

  it('answers 401 when the account was deleted while the rows were being stored', async () => {
    vi.mocked(insertMonitorsWithinCap).mockResolvedValue('cap_reached');
    vi.mocked(getUserProfile).mockResolvedValue(null);
    await expect(bulkUploadMonitors({ ctx, file: upload(rows(1)) })).rejects.toMatchObject({ status: 401 });
  });
});

describe('bulk upload handler (the sample event)', () => {
  it('answers 200 with the bulk upload result', async () => {
    vi.mocked(getUserProfile).mockResolvedValue(profile({ subscription_tier: 'pro' }));
    vi.mocked(insertMonitorsWithinCap).mockResolvedValue('created');

    const result = await handler(sampleEvent('bulk-upload-monitors'));

    expect(result.statusCode).toBe(200);
    expect(bodyOf(result)).toEqual({
      total_processed: 3,
      successful: 2,
      failed: 1,
      created_monitors: [
        { name: 'Company website', url: 'https://www.example.com', check_interval: 300 },
        { name: 'Online shop', url: 'https://shop.example.com', check_interval: 300 },
      ],
      errors: [`Row 4: ${TEXT.invalidUrl}`],
      https_added_rows: [3],
    });
    expect(insertCalls()[0]?.userId).toBe('3f0c2b1e-7d4a-4c7e-9a51-2b8f6d0e9c41');
  });

  it('answers 400 "Please select a CSV file" to a request without a body', async () => {
    const result = await handler(sampleEvent('bulk-upload-monitors', { body: undefined, isBase64Encoded: false }));
    expect(result.statusCode).toBe(400);
    expect(bodyOf(result)).toMatchObject({ code: 'VALIDATION_FAILED', detail: TEXT.selectCsvFile });
  });

  it('answers 415 to a JSON body', async () => {
    const event = sampleEvent('bulk-upload-monitors', { headers: { 'content-type': 'application/json' }, body: '{}', isBase64Encoded: false });
    const result = await handler(event);
    expect(result.statusCode).toBe(415);
    expect(bodyOf(result)).toEqual({ code: 'UNSUPPORTED_MEDIA_TYPE', detail: 'The file must be sent as multipart/form-data' });
  });

  it('answers 413 to a file over 1 MiB', async () => {
    const form = new FormData();
    form.append('file', new Blob(['x'.repeat(1024 * 1024 + 1)]), 'big.csv');
    const request = new Request('https://api.upwatch.example/', { method: 'POST', body: form });
    const event = sampleEvent('bulk-upload-monitors', {
      headers: { 'content-type': request.headers.get('content-type')! },
      body: Buffer.from(await request.arrayBuffer()).toString('base64'),
      isBase64Encoded: true,
    });
    const result = await handler(event);
    expect(result.statusCode).toBe(413);
    expect(bodyOf(result)).toEqual({ code: 'PAYLOAD_TOO_LARGE', detail: 'The file is too large (1 MiB at most)' });
  });
});
