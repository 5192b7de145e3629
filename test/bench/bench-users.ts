import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { readAccessToken } from '../../functions/services/auth/access-token.js';
import { TABLE } from '../../shared/table/table-definition.js';
import { userKey } from '../../shared/table/keys.js';

/**
 * What the benchmarks at scale (scale.ts, soak.ts) do through a local cloud's API to set up: users
 * who register, verify through the SES emulator's mail and sign in, set to the enterprise plan in
 * the table (as a paid checkout would), and monitors bulk-uploaded with one CSV as the upload
 * modal sends it. Each client signs up from an address of its own (X-Forwarded-For; the cloud runs
 * with UPWATCH_TRUST_FORWARDED_FOR=1), or the per-IP sign-up limit (docs/security.md) stops the
 * eleventh.
 */

/** The ports of the cloud a benchmark started. */
export interface BenchPorts {
  gateway: number;
  dynamodb: number;
  ses: number;
}

export interface BenchUser {
  userId: string;
  token: string;
}

const PASSWORD = 'bench-password-1';
const credentials = { accessKeyId: 'local', secretAccessKey: 'local' };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One API call; `ms` is the time to the whole body, for the benchmarks that measure the API. */
export const benchRequest = async (
  ports: BenchPorts,
  route: string,
  opts: { method?: string; token?: string; body?: unknown; form?: FormData; client?: number } = {},
): Promise<{ status: number; text: string; ms: number }> => {
  const client = opts.client ?? 0;
  const headers: Record<string, string> = { 'x-forwarded-for': `10.77.${client >> 8}.${client & 255}` };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  const started = performance.now();
  const response = await fetch(`http://127.0.0.1:${ports.gateway}${route}`, {
    method: opts.method ?? 'GET',
    headers,
    body: opts.form ?? (opts.body === undefined ? undefined : JSON.stringify(opts.body)),
  });
  const text = await response.text();
  return { status: response.status, text, ms: performance.now() - started };
};

export const expectStatus = <T extends { status: number; text: string }>(what: string, result: T, expected: number): T => {
  if (result.status !== expected) throw new Error(`${what}: expected ${expected}, got ${result.status}: ${result.text.slice(0, 300)}`);
  return result;
};

export const benchTable = (ports: BenchPorts) =>
  DynamoDBDocumentClient.from(new DynamoDBClient({ region: 'us-east-1', endpoint: `http://127.0.0.1:${ports.dynamodb}`, credentials }));

/** Every item of a user's partition whose sort key begins with `prefix` (monitors, incidents), page after page. */
export const userItems = async (ports: BenchPorts, userId: string, prefix: string): Promise<Record<string, unknown>[]> => {
  const table = benchTable(ports);
  const items: Record<string, unknown>[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await table.send(
      new QueryCommand({
        TableName: TABLE.name,
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
        ExpressionAttributeValues: { ':pk': userKey(userId).PK, ':prefix': prefix },
        ExclusiveStartKey,
      }),
    );
    items.push(...(page.Items ?? []));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return items;
};

const verificationToken = async (ports: BenchPorts, address: string): Promise<string> => {
  for (let i = 0; i < 150; i++) {
    const { emails } = (await (await fetch(`http://127.0.0.1:${ports.ses}/store`)).json()) as {
      emails: { destination: { to: string[] }; body: { text?: string; html?: string } }[];
    };
    const mail = emails.filter((candidate) => candidate.destination.to.some((to) => to.includes(address))).at(-1);
    const found = mail && /\/verify-email\?token=([A-Za-z0-9_%-]+)/.exec(mail.body.text ?? mail.body.html ?? '');
    if (found?.[1]) return decodeURIComponent(found[1]);
    await sleep(200);
  }
  throw new Error(`no verification mail to ${address}`);
};

/** A verified, signed-in user on the enterprise plan (500 monitors), named `<label> <index>`. */
export const enterpriseUser = async (ports: BenchPorts, index: number, label: string): Promise<BenchUser> => {
  const email = `${label.toLowerCase()}-${index}-${Date.now().toString(36)}@example.com`;
  const asClient = { client: index };
  expectStatus('register', await benchRequest(ports, '/api/auth/register', { method: 'POST', body: { name: `${label} ${index}`, email, password: PASSWORD }, ...asClient }), 201);
  const verify = await verificationToken(ports, email);
  expectStatus('verify', await benchRequest(ports, `/api/auth/verify-email?token=${encodeURIComponent(verify)}`, { method: 'POST', ...asClient }), 200);
  const login = expectStatus('login', await benchRequest(ports, '/api/auth/login', { method: 'POST', body: { email, password: PASSWORD }, ...asClient }), 200);
  const token = (JSON.parse(login.text) as { access_token: string }).access_token;
  const userId = readAccessToken(token).sub;
  await benchTable(ports).send(
    new UpdateCommand({
      TableName: TABLE.name,
      Key: userKey(userId),
      UpdateExpression: 'SET subscription_tier = :tier',
      ExpressionAttributeValues: { ':tier': 'enterprise' },
    }),
  );
  return { userId, token };
};

/**
 * Bulk-uploads monitors [from, to) named `<label> <i>` checking `<target>/m/<i>` (the benchmarks'
 * loopback targets tell the monitors apart by that path); returns how many were created.
 */
export const uploadMonitors = async (
  ports: BenchPorts,
  user: BenchUser,
  opts: { from: number; to: number; label: string; target: string; interval: number; timeout: number },
): Promise<number> => {
  const count = opts.to - opts.from;
  const rows = Array.from({ length: count }, (_, i) => `${opts.label} ${opts.from + i},${opts.target}/m/${opts.from + i},${opts.interval},${opts.timeout}`);
  const form = new FormData();
  form.append('file', new Blob([['name,url,check_interval,timeout', ...rows].join('\n') + '\n'], { type: 'text/csv' }), 'monitors.csv');
  const result = expectStatus('bulk upload', await benchRequest(ports, '/api/monitors/bulk-upload', { method: 'POST', token: user.token, form }), 200);
  const body = JSON.parse(result.text) as { successful: number; errors: string[] };
  if (body.successful !== count) throw new Error(`bulk upload created ${body.successful} of ${count}: ${body.errors.slice(0, 3).join('; ')}`);
  return body.successful;
};
