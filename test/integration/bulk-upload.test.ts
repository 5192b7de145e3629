import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it, inject } from 'vitest';
import { apiGatewayEvent as sampleEvent } from '../../events/sample-event.js';
import { handler } from '../../functions/api/monitors/bulk-upload.js';
import { dynamo, tableName } from '../../functions/clients/dynamodb.js';
import type { BulkUploadResult } from '../../shared/monitors/bulk-upload.js';
import { MONITOR_SK_PREFIX, userKey, userMonitorsPartition } from '../../shared/table/keys.js';
import { TEXT } from '../../shared/texts.js';
import type { TierId } from '../../shared/tiers.js';
import { api, baseUrl, claimsOf, signedInUser } from './helpers/api.js';

/**
 * Bulk upload (POST /api/monitors/bulk-upload). The first block goes through the local gateway
 * with real multipart requests, as the browser sends them. The second calls the route handler in
 * this process and reads the table, to check what is stored: the monitor items with their schedule
 * keys, and a profile `monitor_count` that matches them, also after racing uploads.
 */

const HEADER = 'name,url,check_interval,timeout';
const csvOf = (count: number, label = 'Site') =>
  [HEADER, ...Array.from({ length: count }, (_, i) => `${label} ${i + 1},${label.toLowerCase()}${i + 1}.example.com,300,30`)].join('\r\n');
const limit = (plan: string, monitors: string) =>
  `Monitor limit reached: your ${plan} plan allows ${monitors}. Upgrade your plan to add more.`;

const formWith = (content: string, filename = 'monitors.csv'): FormData => {
  const form = new FormData();
  form.append('file', new Blob([content], { type: 'text/csv' }), filename);
  return form;
};

const upload = async (form: FormData | undefined, token?: string) => {
  const response = await fetch(`${baseUrl()}/api/monitors/bulk-upload`, {
    method: 'POST',
    headers: token ? { authorization: `Bearer ${token}` } : {},
    body: form,
  });
  return { status: response.status, body: (await response.json()) as BulkUploadResult & { detail?: string; code?: string } };
};

const listTotal = async (token: string): Promise<number> => (await api<{ total: number }>('/api/monitors', { token })).body.total;

/** A signed-in user on `tier` (the plan is set in the table, as a paid checkout would). */
const userOn = async (tier: TierId, label: string) => {
  const user = await signedInUser(label);
  const me = await api<{ id: string }>('/api/auth/me', { token: user.token });
  if (tier !== 'free') {
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: userKey(me.body.id),
        UpdateExpression: 'SET subscription_tier = :tier',
        ExpressionAttributeValues: { ':tier': tier },
      }),
    );
  }
  return { ...user, userId: me.body.id };
};

beforeAll(() => {
  Object.assign(process.env, inject('cloudEnv'));
});

describe('POST /api/monitors/bulk-upload through the gateway', () => {
  it('creates the monitors of a CSV file (BOM, CRLF, quotes, no scheme, defaults) and lists them', async () => {
    const { token } = await userOn('pro', 'bulk-happy');
    const text = `\uFEFF${HEADER}\r\n"Shop, EU",shop.example.com,600,10\r\n\r\nBlog,https://blog.example.com/feed,,\r\nBroken,not a url,300,30\r\n`;

    const response = await upload(formWith(text), token);

    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      total_processed: 3,
      successful: 2,
      failed: 1,
      created_monitors: [
        { name: 'Shop, EU', url: 'https://shop.example.com', check_interval: 600 },
        { name: 'Blog', url: 'https://blog.example.com/feed', check_interval: 300 },
      ],
      errors: [`Row 5: ${TEXT.invalidUrl}`],
      https_added_rows: [2],
    });
    const list = await api<{ total: number; monitors: { name: string; status: string; timeout: number }[] }>('/api/monitors', { token });
    expect(list.body.total).toBe(2);
    expect(list.body.monitors.map(({ name, status, timeout }) => ({ name, status, timeout }))).toEqual(
      expect.arrayContaining([
        { name: 'Shop, EU', status: 'active', timeout: 10 },
        { name: 'Blog', status: 'active', timeout: 30 },
      ]),
    );
  });

  it('creates 1 of 3 valid rows for a free user and refuses the other 2, naming the limit and the plan', async () => {
    const { token } = await userOn('free', 'bulk-free');
    const response = await upload(formWith(csvOf(3)), token);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ total_processed: 3, successful: 1, failed: 2 });
    expect(response.body.errors).toEqual([`Row 3: ${limit('Free', '1 monitor')}`, `Row 4: ${limit('Free', '1 monitor')}`]);
    expect(await listTotal(token)).toBe(1);
  });

  it('never passes the cap when 10 uploads race', async () => {
    const { token } = await userOn('pro', 'bulk-race');
    const responses = await Promise.all(Array.from({ length: 10 }, (_, i) => upload(formWith(csvOf(3, `Race${i}x`)), token)));
    expect(responses.map((response) => response.status)).toEqual(Array(10).fill(200));
    expect(responses.reduce((sum, response) => sum + response.body.successful, 0)).toBe(10);
    for (const { body } of responses) expect(body.errors.every((error) => error.endsWith(limit('Pro', '10 monitors')))).toBe(true);
    expect(await listTotal(token)).toBe(10);
  });

  it.each([
    ['a form without a file', () => new FormData()],
    ['a request without a body', () => undefined],
    ['a file not named .csv', () => formWith(csvOf(1), 'monitors.txt')],
  ])('answers 400 "Please select a CSV file" to %s', async (_case, form) => {
    const { token } = await userOn('free', 'bulk-nofile');
    const response = await upload(form(), token);
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ code: 'VALIDATION_FAILED', detail: TEXT.selectCsvFile });
  });

  it('answers 413 to a file over 1 MiB and creates nothing', async () => {
    const { token } = await userOn('free', 'bulk-large');
    const response = await upload(formWith(`${csvOf(1)}\r\n${'#'.repeat(1024 * 1024)}`), token);
    expect(response.status).toBe(413);
    expect(response.body).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', detail: 'The file is too large (1 MiB at most)' });
    expect(await listTotal(token)).toBe(0);
  });

  it('answers 400 to a file of more than 500 rows and creates nothing', async () => {
    const { token } = await userOn('enterprise', 'bulk-rows');
    const response = await upload(formWith(csvOf(501)), token);
    expect(response.status).toBe(400);
    expect(response.body.detail).toBe('The CSV file has 501 monitor rows: upload at most 500 at a time');
    expect(await listTotal(token)).toBe(0);
  });

  it('answers 400 "This is not a CSV file" to a binary file named .csv, and creates nothing', async () => {
    const { token } = await userOn('free', 'bulk-binary');
    // The first bytes of a zip (an .xlsx workbook), then a run of text that would end in a quoting error.
    const bytes = Uint8Array.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x06, 0x00, ...new TextEncoder().encode(`${HEADER}\n"a,b\n`.repeat(300))]);
    const form = new FormData();
    form.append('file', new Blob([bytes], { type: 'text/csv' }), 'monitors.csv');
    const response = await upload(form, token);
    expect(response.status).toBe(400);
    expect(response.body.detail).toMatch(/^This is not a CSV file/);
    expect(await listTotal(token)).toBe(0);
  });

  it('answers 400 to a file without the header row', async () => {
    const { token } = await userOn('free', 'bulk-header');
    const response = await upload(formWith('Shop,https://shop.example.com,300,30\r\n'), token);
    expect(response.status).toBe(400);
    expect(response.body.detail).toBe('The CSV file must start with the header row name,url,check_interval,timeout');
  });

  it('answers 401 without a token', async () => {
    const response = await upload(formWith(csvOf(1)));
    expect(response.status).toBe(401);
  });
});

describe('bulk upload handler against the local table', () => {
  /** The handler called as API Gateway would, with the claims of the user's own signed-in token. */
  const invoke = async (token: string, content: string) => {
    const request = new Request('http://localhost/api/monitors/bulk-upload', { method: 'POST', body: formWith(content) });
    const base = sampleEvent('bulk-upload-monitors');
    const event = sampleEvent('bulk-upload-monitors', {
      headers: { 'content-type': request.headers.get('content-type')! },
      body: Buffer.from(await request.arrayBuffer()).toString('base64'),
      isBase64Encoded: true,
      requestContext: {
        ...base.requestContext,
        authorizer: { ...base.requestContext.authorizer, jwt: { claims: { ...base.requestContext.authorizer?.jwt?.claims, ...claimsOf(token) }, scopes: [] } },
      },
    });
    const result = await handler(event);
    return { status: result.statusCode, body: JSON.parse(result.body ?? 'null') as BulkUploadResult };
  };

  const stored = async (userId: string) => {
    const [{ Item: profile }, { Items: items = [] }] = await Promise.all([
      dynamo().send(new GetCommand({ TableName: tableName(), Key: userKey(userId), ConsistentRead: true })),
      dynamo().send(
        new QueryCommand({
          TableName: tableName(),
          KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
          ExpressionAttributeValues: { ':pk': userMonitorsPartition(userId), ':prefix': MONITOR_SK_PREFIX },
          ConsistentRead: true,
        }),
      ),
    ]);
    return { count: Number(profile?.monitor_count), monitors: items.filter((item) => item.entity === 'monitor') };
  };

  it('stores every accepted row as a scheduled monitor and counts them on the profile', async () => {
    const { userId, token } = await userOn('business', 'bulk-store');
    const response = await invoke(token, csvOf(30));
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ total_processed: 30, successful: 30, failed: 0, errors: [] });
    const { count, monitors } = await stored(userId);
    expect(count).toBe(30);
    expect(monitors).toHaveLength(30);
    expect(monitors[0]).toMatchObject({ status: 'active', check_interval: 300, timeout: 30, GSI2PK: expect.stringMatching(/^DUE#\d#300$/) });
  });

  it('creates only what the free cap leaves', async () => {
    const { userId, token } = await userOn('free', 'bulk-store-free');
    const response = await invoke(token, csvOf(3));
    expect(response.body).toMatchObject({ successful: 1, failed: 2 });
    expect(await stored(userId)).toMatchObject({ count: 1, monitors: [expect.objectContaining({ name: 'Site 1' })] });
  });

  it('keeps the count and the monitors equal to the cap when 10 uploads race', async () => {
    const { userId, token } = await userOn('pro', 'bulk-store-race');
    const responses = await Promise.all(Array.from({ length: 10 }, (_, i) => invoke(token, csvOf(3, `Race${i}x`))));
    expect(responses.reduce((sum, response) => sum + response.body.successful, 0)).toBe(10);
    const { count, monitors } = await stored(userId);
    expect(count).toBe(10);
    expect(monitors).toHaveLength(10);
  });
});
