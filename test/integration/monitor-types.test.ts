import { isDeepStrictEqual } from 'node:util';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Monitor } from '../../shared/monitors/schemas.js';
import { userKey } from '../../shared/table/keys.js';
import { api, baseUrl, mailsTo, signedInUser } from './helpers/api.js';
import { getMonitorItem, listIncidentItems, patchTableItem, waitFor } from './helpers/pipeline.js';

/**
 * TCP and DNS monitors through the API and the check pipeline (docs/checks.md "Monitor types"), and
 * the rules of every type's fields. The test cloud allows loopback targets
 * (UPWATCH_ALLOW_PRIVATE_TARGETS=1), as for HTTP: a loopback listener is the TCP target; private
 * and metadata addresses stay refused.
 */
const owner = async (label: string) => {
  const user = await signedInUser(label);
  const me = await api<{ id: string }>('/api/auth/me', { token: user.token });
  return { ...user, id: me.body.id };
};

const create = (token: string, body: Record<string, unknown>) =>
  api<Monitor & { detail?: string; code?: string; errors?: { field: string }[] }>('/api/monitors', {
    method: 'POST',
    token,
    body: { name: 'Typed', check_interval: 300, timeout: 5, ...body },
  });

describe('TCP port monitors', () => {
  let listener: net.Server;
  let openPort = 0;
  let closedPort = 0;
  beforeAll(async () => {
    listener = net.createServer((socket) => socket.end());
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
    openPort = (listener.address() as net.AddressInfo).port;
    const closed = net.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    closedPort = (closed.address() as net.AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
  });
  afterAll(() => new Promise<void>((resolve) => listener.close(() => resolve())));

  it('is up when the port accepts a connection, checked from every region', async () => {
    const user = await owner('tcp-up');
    const created = await create(user.token, { name: 'Database', monitor_type: 'tcp', host: '127.0.0.1', port: openPort });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ monitor_type: 'tcp', host: '127.0.0.1', port: openPort, url: `tcp://127.0.0.1:${openPort}`, heartbeat_url: null });
    const item = await waitFor('the first round applied', async () => {
      const found = await getMonitorItem(user.id, created.body.id);
      return typeof found?.is_up === 'boolean' ? found : undefined;
    });
    expect(item.is_up).toBe(true);
  });

  it('is down with a refused-connection incident when nothing listens', async () => {
    const user = await owner('tcp-down');
    const created = await create(user.token, { name: 'Closed port', monitor_type: 'tcp', host: '127.0.0.1', port: closedPort });
    expect(created.status).toBe(201);
    await waitFor('the down round applied', async () => (await getMonitorItem(user.id, created.body.id))?.is_up === false);
    const [incident] = await listIncidentItems(user.id);
    expect(incident).toMatchObject({ alert_type: 'down', details: { error_category: 'connection_refused' }, monitor_url: `tcp://127.0.0.1:${closedPort}` });
    // It speaks of the port, not a website (docs/checks.md "What each type's texts speak of").
    expect(incident).toMatchObject({ message: 'Your port is unreachable: connections to it are refused.' });
    const mail = await waitFor('the down mail', async () => (await mailsTo(user.email)).find((one) => one.subject === 'Port Unreachable: Closed port'));
    expect(mail.body.text).toContain(`Port: 127.0.0.1:${closedPort}`);
    expect(mail.body.text).not.toMatch(/website|visitors|tcp:\/\//i);
  });

  it('refuses private and metadata targets when the monitor is saved', async () => {
    const user = await owner('tcp-private');
    for (const host of ['10.0.0.5', '169.254.169.254', '192.168.1.1', 'db.internal']) {
      const refused = await create(user.token, { monitor_type: 'tcp', host, port: 5432 });
      expect(refused.status, host).toBe(400);
      expect(refused.body).toMatchObject({ code: 'VALIDATION_FAILED', errors: [{ field: 'host' }] });
    }
  });
});

describe('DNS monitors', () => {
  it('are stored with their record type and expected value', async () => {
    const user = await owner('dns-create');
    const created = await create(user.token, { name: 'Mail records', monitor_type: 'dns', hostname: 'Example.COM', record_type: 'mx', expected_value: 'mail.example.com' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      monitor_type: 'dns',
      hostname: 'example.com',
      record_type: 'MX',
      expected_value: 'mail.example.com',
      url: 'dns://example.com',
      host: null,
      port: null,
    });
    // An update keeps what it does not name; null clears the expected value.
    const updated = await api<Monitor>(`/api/monitors/${created.body.id}`, { method: 'PUT', token: user.token, body: { expected_value: null } });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ hostname: 'example.com', record_type: 'MX', expected_value: null });
  });

  it('refuses internal names, IP addresses and unknown record types', async () => {
    const user = await owner('dns-refused');
    const cases: [Record<string, unknown>, string][] = [
      [{ hostname: 'metadata.google.internal' }, 'hostname'],
      [{ hostname: 'router.lan' }, 'hostname'],
      [{ hostname: '10.0.0.1' }, 'hostname'],
      [{ hostname: 'not a name' }, 'hostname'],
      [{ hostname: 'example.com', record_type: 'SRV' }, 'record_type'],
      [{}, 'hostname'],
    ];
    for (const [body, field] of cases) {
      const refused = await create(user.token, { monitor_type: 'dns', ...body });
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.body.detail).toEqual(expect.any(String));
      expect(refused.body.errors?.[0]?.field ?? 'hostname').toBe(field);
    }
  });
});

describe('monitor type rules', () => {
  it('keeps today\'s payload an HTTP monitor', async () => {
    const user = await owner('type-http');
    const created = await create(user.token, { url: 'https://example.com/' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ monitor_type: 'http', url: 'https://example.com/', host: null, hostname: null, heartbeat_url: null });
  });

  it('answers 400 {detail} naming the field for fields of another type, missing targets and a type change', async () => {
    const user = await owner('type-rules');
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ monitor_type: 'tcp', host: 'db.example.com' }, 'port', /Port is required/],
      [{ monitor_type: 'tcp', host: 'db.example.com', port: 70000 }, 'port', /between 1 and 65535/],
      [{ monitor_type: 'tcp', port: 22 }, 'host', /Host is required/],
      [{ monitor_type: 'heartbeat', url: 'https://example.com' }, 'url', /url is for Website \(HTTP\) monitors only/],
      [{ url: 'https://example.com', host: 'db.example.com' }, 'host', /host is for TCP port monitors only/],
      [{ monitor_type: 'tcp', host: 'db.example.com', port: 22, keyword: 'ok' }, 'keyword', /keyword is for Website \(HTTP\) monitors only/],
      [{ monitor_type: 'heartbeat', heartbeat_grace_seconds: -1 }, 'heartbeat_grace_seconds', /at least 0/],
      [{ monitor_type: 'ftp' }, 'monitor_type', /monitor_type must be one of http, heartbeat, tcp, dns/],
      [{ monitor_type: 'http' }, 'url', /valid URL/],
    ];
    for (const [body, field, detail] of cases) {
      const refused = await create(user.token, body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.body.detail, JSON.stringify(body)).toMatch(detail);
      expect(refused.body.errors?.[0]?.field, JSON.stringify(body)).toBe(field);
    }

    const tcp = await create(user.token, { monitor_type: 'tcp', host: 'db.example.com', port: 5432 });
    expect(tcp.status).toBe(201);
    const changed = await api<{ detail: string }>(`/api/monitors/${tcp.body.id}`, { method: 'PUT', token: user.token, body: { monitor_type: 'dns' } });
    expect(changed.status).toBe(400);
    expect(changed.body.detail).toBe("A monitor's type cannot be changed: add a new monitor of the other type");
    const moved = await api<Monitor>(`/api/monitors/${tcp.body.id}`, { method: 'PUT', token: user.token, body: { port: 6432 } });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ host: 'db.example.com', port: 6432, url: 'tcp://db.example.com:6432' });
  });
});

describe('CSV bulk upload of other monitor types', () => {
  it('creates TCP, DNS and heartbeat monitors from their optional columns; each heartbeat gets its own working push URL', async () => {
    const user = await owner('csv-types');
    await patchTableItem(userKey(user.id), { subscription_tier: 'business' });
    const csv = [
      'name,url,check_interval,timeout,monitor_type,host,port,hostname,record_type,expected_value,heartbeat_grace_seconds',
      'Database,,300,10,tcp,db.example.com,5432,,,,',
      'Mail,,300,10,dns,,,example.com,MX,mail.example.com,',
      'Backup,,300,10,heartbeat,,,,,,120',
      'Private,,300,10,tcp,10.0.0.5,22,,,,',
    ].join('\n');
    const form = new FormData();
    form.append('file', new Blob([csv], { type: 'text/csv' }), 'monitors.csv');
    const response = await fetch(`${baseUrl()}/api/monitors/bulk-upload`, { method: 'POST', headers: { authorization: `Bearer ${user.token}` }, body: form });
    const result = (await response.json()) as { successful: number; errors: string[]; created_monitors: { name: string; url: string }[] };
    expect(response.status).toBe(200);
    expect(result.successful).toBe(3);
    expect(result.errors).toEqual([expect.stringMatching(/^Row 5: 10\.0\.0\.5 is a private network address/)]);
    expect(result.created_monitors.map(({ url }) => url.replace(/heartbeat:\/\/\w+/, 'heartbeat://<id>'))).toEqual([
      'tcp://db.example.com:5432',
      'dns://example.com',
      'heartbeat://<id>',
    ]);
    const { body } = await api<{ monitors: Monitor[] }>('/api/monitors', { token: user.token });
    const backup = body.monitors.find((monitor) => monitor.name === 'Backup')!;
    expect(backup).toMatchObject({ monitor_type: 'heartbeat', heartbeat_grace_seconds: 120 });
    expect((await fetch(backup.heartbeat_url!)).status).toBe(200);
    await waitFor('the heartbeat up on its ping', async () => (await getMonitorItem(user.id, backup.id))?.is_up === true);
    // The list reads only the attributes its views need (monitor-items.ts); GET reads whole items.
    // (Read again when a round landed between the two reads: the monitors here are being checked.)
    const listedAsShown = async () => {
      const listed = await api<{ monitors: Monitor[] }>('/api/monitors', { token: user.token });
      const shown = await Promise.all(listed.body.monitors.map(async ({ id }) => (await api<{ monitor: Monitor }>(`/api/monitors/${id}`, { token: user.token })).body.monitor));
      return isDeepStrictEqual(listed.body.monitors, shown) ? listed.body.monitors : undefined;
    };
    expect(await waitFor('the list showing each monitor as GET does', listedAsShown)).toHaveLength(body.monitors.length);
  });
});
