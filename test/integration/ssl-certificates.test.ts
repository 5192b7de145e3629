import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runHttpCheck } from '../../functions/checks/http-check.js';
import type { ResolveHost } from '../../functions/checks/ssrf-guard.js';
import { roundStartedAt } from '../../shared/checks/check-round.js';
import type { MonitorSsl } from '../../shared/monitors/monitor-ssl.js';
import { hasOpenssl, makeCertificates } from '../setup/test-certificates.js';
import { api, mailsTo, signedInUser } from './helpers/api.js';
import { checkerRegions, createMonitorWithoutFirstCheck, getMonitorItem, sendToResultsQueue, waitFor } from './helpers/pipeline.js';

/**
 * SSL certificate alerts through the pipeline (docs/checks.md "SSL certificates"): a real TLS check
 * (in this process, which trusts the test's own certificate authority; the cloud's checkers trust
 * only the public ones) of a server whose openssl-made certificate expires in 10 days; its results,
 * one per region, go to the result processor like a checker's. The processor stores the certificate,
 * the API answers it as `ssl`, and ONE alert mail goes out at the 14-day mark, however many rounds
 * see the same certificate.
 */
const INTERVAL = 300;
let slot = Math.floor(Date.now() / 1000 / INTERVAL) * INTERVAL;
const nextRound = () => roundStartedAt(new Date((slot += INTERVAL) * 1000));
const resolve: ResolveHost = async () => [{ address: '127.0.0.1', family: 4 }];

describe.skipIf(!hasOpenssl)('SSL certificate monitoring (skipped when openssl is not installed)', () => {
  let server: https.Server;
  let port: number;
  let ca: string;
  beforeAll(async () => {
    const made = makeCertificates({ names: ['shop.example.test'], days: 10 });
    ca = made.ca;
    server = https.createServer({ key: made.key, cert: made.cert }, (_req, res) => res.end('ok'));
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((done) => server.close(() => done())));

  it('a certificate expiring in 10 days is shown and alerted once, at the 14-day mark', async () => {
    const user = await signedInUser('ssl-expiring');
    const me = await api<{ id: string }>('/api/auth/me', { token: user.token });
    const url = `https://shop.example.test:${port}/`;
    const { id: monitorId } = await createMonitorWithoutFirstCheck(me.body.id, { name: 'Shop', url, check_interval: INTERVAL, timeout: 5 });

    const playRound = async () => {
      const round = nextRound();
      const results = await Promise.all(
        checkerRegions().map(async (region) => ({
          userId: me.body.id,
          result: await runHttpCheck({ monitorId, url, timeoutSeconds: 5, slowThresholdMs: 5000, region, round }, { allowLoopback: true, resolve, ca }),
        })),
      );
      await sendToResultsQueue({ kind: 'check_results', results });
      await waitFor(`round ${round} applied`, async () => (await getMonitorItem(me.body.id, monitorId))?.last_round === round);
    };

    await playRound();
    const mail = await waitFor('the certificate alert', async () => (await mailsTo(user.email)).find((sent) => sent.subject.includes('SSL Certificate')));
    expect(mail.subject).toBe('SSL Certificate Expiring: Shop');
    expect(mail.body.text).toContain('Your SSL certificate expires in less than 14 days');
    expect(mail.body.text).toContain(`/app/monitors/${monitorId}`);

    const list = await api<{ monitors: { id: string; ssl: MonitorSsl | null }[] }>('/api/monitors', { token: user.token });
    expect(list.body.monitors[0]!.ssl).toMatchObject({ days_left: 9, valid: true, issuer: 'Upwatch Test CA', subject: 'shop.example.test', error: null });
    // The list reads only the attributes its views need (monitor-items.ts); GET reads whole items.
    const detail = await api<{ monitor: unknown }>(`/api/monitors/${monitorId}`, { token: user.token });
    expect(list.body.monitors[0]).toEqual(detail.body.monitor);

    // More rounds of the same certificate: no second mail.
    await playRound();
    await playRound();
    expect((await mailsTo(user.email)).filter((sent) => sent.subject.includes('SSL Certificate'))).toHaveLength(1);
    // Out of the due index: the cloud's checkers cannot resolve its made-up host, and other files dispatch whole shards.
    expect((await api(`/api/monitors/${monitorId}`, { method: 'DELETE', token: user.token })).status).toBe(200);
  });
});
