/**
 * What a mass outage tells the alert channels, as the benchmarks watch it (docs/PERFORMANCE.md
 * "Alert storms", and "Scale" for the all-at-once mode; docs/alerts.md "Storms and pacing"): each
 * account gets three default channels through the API (Slack through the channel sink, a signed
 * webhook to a loopback receiver of its own, so each is its own destination, and an e-mail address
 * in the SES emulator), and every message that arrives is kept with the receiving side's clock
 * and the monitors it tells about (a digest tells many). Then, per channel type, each telling is
 * matched to a transition: the time from the transition and from the alerts consumer's fan-out
 * to the message that told it, pacing violations, duplicates and losses.
 */
import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { DIGEST_NOTICE } from '../../functions/services/alerts/channels/digest-parts.js';
import { TABLE } from '../../shared/table/table-definition.js';
import { channelKey, outboxKey } from '../../shared/table/keys.js';
import { fmt, percentile, progress } from './bench-kit.js';
import type { BenchCloudPorts } from './bench-cloud.js';
import { benchRequest, benchTable, expectStatus, type BenchPorts, type BenchUser } from './bench-users.js';

/** The providers' own limits (shared/alerts/channels/<type>.ts `pacing`), which violations are counted against. */
export const LIMITS = { slack: { messages: 1, perSeconds: 1 }, webhook: { messages: 10, perSeconds: 1 }, email: { messages: 10, perSeconds: 1 } } as const;
export type Kind = keyof typeof LIMITS;
export const KINDS = Object.keys(LIMITS) as Kind[];

/** One message a destination received: when, and the monitors (by index) it told about, once per transition told. */
export interface Arrival {
  kind: Kind;
  destination: string;
  at: number;
  monitors: number[];
  digest: boolean;
}

/** One transition a channel is due to tell: its monitor, when it happened, and its outbox key. */
export interface DueTransition {
  monitor: number;
  at: number;
  transitionId: string;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const maxOf = (values: readonly number[]): number => (values.length ? values.reduce((a, b) => (b > a ? b : a)) : Number.NaN);

/** Arrivals to one destination that break its provider's limit: more than `messages` within any `perSeconds`. */
const violations = (times: number[], limit: { messages: number; perSeconds: number }, resolutionMs: number): number => {
  const sorted = [...times].sort((a, b) => a - b);
  let count = 0;
  for (let i = limit.messages; i < sorted.length; i++) {
    // With whole-second clocks (SES), two arrivals in one second are at most 999 ms apart.
    if (sorted[i]! - sorted[i - limit.messages]! < limit.perSeconds * 1000 - (resolutionMs > 1 ? resolutionMs - 1 : 0)) count++;
  }
  return count;
};

/**
 * The watch over every channel of monitors named `<label> <index>`: `addChannels` sets up an
 * account, `untilTold` reads the sink and the SES emulator until every transition is told, `rows`
 * is the report, `close` stops the webhook receivers.
 */
export const alertWatch = (ports: BenchCloudPorts, label: string) => {
  const arrivals: Arrival[] = [];
  const destinations = new Map<Kind, Set<string>>(KINDS.map((kind) => [kind, new Set<string>()]));
  const receivers: http.Server[] = [];
  const table = benchTable(ports);
  const addressPrefix = `${label.toLowerCase()}-channel-`;
  const name = new RegExp(`${label} (\\d+)(?!\\d)`, 'g');
  /** A single alert names its monitor in several places: each monitor once. */
  const namedOnce = (text: string): number[] => [...new Set([...text.matchAll(name)].map((match) => Number(match[1])))];
  /** A digest lists each transition as one line (Slack `• <link|name>: ...`, a mail's table row `name  Down: ...`). */
  const digestItems = (text: string, item: RegExp): number[] => [...text.matchAll(item)].map((match) => Number(match[1]));
  const slackItem = new RegExp(`\\|${label} (\\d+)>`, 'g');
  const mailItem = new RegExp(`${label} (\\d+)\\s+(?:Down|Back up|Other alerts):`, 'g');

  const startReceiver = async (account: number): Promise<string> => {
    const server = http.createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      request.on('end', () => {
        const at = Date.now();
        let names: string[] = [];
        let digest = false;
        try {
          const payload = JSON.parse(body) as { type: string; data: { monitor?: { name: string }; events?: { data: { monitor: { name: string } } }[] } };
          digest = payload.type === 'incident.digest';
          names = digest ? (payload.data.events ?? []).map((event) => event.data.monitor.name) : [payload.data.monitor?.name ?? ''];
        } catch {
          names = [];
        }
        arrivals.push({ kind: 'webhook', destination: `webhook:${account}`, at, monitors: names.flatMap(namedOnce), digest });
        response.writeHead(204).end();
      });
    });
    receivers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/${account}`;
  };

  const addChannel = async (user: BenchUser, account: number, body: unknown): Promise<{ id: string; status: string }> => {
    const created = expectStatus('add a channel', await benchRequest(ports, '/api/channels', { method: 'POST', token: user.token, body, client: account }), 201);
    return JSON.parse(created.text) as { id: string; status: string };
  };

  /** The channel sink's Slack messages not yet seen (it lists them oldest first; `received_at` is its clock, the same host's). */
  const slackSeen = new Set<string>();
  const pollSlack = async (): Promise<void> => {
    const { messages } = (await (await fetch(`http://127.0.0.1:${ports.channels}/store?channel_type=slack`)).json()) as {
      messages: { url: string; body: unknown; received_at: string }[];
    };
    for (const message of messages) {
      const text = JSON.stringify(message.body);
      const key = `${message.received_at}|${message.url}|${createHash('sha256').update(text).digest('base64url')}`;
      if (slackSeen.has(key)) continue;
      slackSeen.add(key);
      const digest = text.includes(DIGEST_NOTICE);
      arrivals.push({ kind: 'slack', destination: message.url, at: Date.parse(message.received_at), monitors: digest ? digestItems(text, slackItem) : namedOnce(text), digest });
    }
  };

  /** The SES emulator's mails to the channels' addresses (its `at` is whole seconds). */
  const mailSeen = new Set<string>();
  const pollMail = async (): Promise<void> => {
    const { emails } = (await (await fetch(`http://127.0.0.1:${ports.ses}/store`)).json()) as {
      emails: { messageId: string; at: number; destination: { to: string[] }; subject: string; body: { text?: string; html?: string } }[];
    };
    for (const mail of emails) {
      const to = mail.destination.to.find((address) => address.startsWith(addressPrefix));
      if (!to || mailSeen.has(mail.messageId)) continue;
      mailSeen.add(mail.messageId);
      const text = mail.body.text ?? '';
      const digest = text.includes(DIGEST_NOTICE);
      const monitors = digest ? digestItems(text, mailItem) : namedOnce(`${mail.subject} ${text}`);
      // The address's confirmation mail names no monitor: it is not an alert.
      if (monitors.length) arrivals.push({ kind: 'email', destination: to, at: mail.at * 1000, monitors, digest });
    }
  };

  let polls = 0;
  return {
    arrivals,
    /**
     * An account's three default channels, through the API. The owner's own alert mails are off:
     * the benchmarks measure the channels (and keep the SES emulator's store small).
     */
    addChannels: async (user: BenchUser, account: number): Promise<void> => {
      expectStatus('mail preference', await benchRequest(ports, '/api/notifications/preferences', { method: 'PUT', token: user.token, body: { incident_alerts: false }, client: account }), 200);
      const slackUrl = `https://hooks.slack.com/services/T${label.toUpperCase()}/B${account}/${label.toLowerCase()}${account}`;
      await addChannel(user, account, { type: 'slack', name: 'Slack', config: { webhook_url: slackUrl } });
      await addChannel(user, account, { type: 'webhook', name: 'Receiver', config: { url: await startReceiver(account) } });
      const address = `${addressPrefix}${account}@example.com`;
      const email = await addChannel(user, account, { type: 'email', name: 'On call', config: { address } });
      // An address that awaits confirmation gets nothing: the bench confirms it in the table, as its link would.
      if (email.status !== 'active') {
        await table.send(
          new UpdateCommand({ TableName: TABLE.name, Key: channelKey(user.userId, email.id), UpdateExpression: 'SET #status = :active', ExpressionAttributeNames: { '#status': 'status' }, ExpressionAttributeValues: { ':active': 'active' } }),
        );
      }
      destinations.get('slack')!.add(slackUrl);
      destinations.get('webhook')!.add(`webhook:${account}`);
      destinations.get('email')!.add(address);
    },
    /**
     * Polls every second until every channel type has told every transition due and nothing more
     * came for 10 s (a duplicate would come then), nothing at all came for 3 minutes, or `deadline`;
     * `onTick` runs after each poll. Progress every 10 s.
     */
    untilTold: async (due: readonly DueTransition[], opts: { from: number; deadline?: number; onTick?: () => void }): Promise<void> => {
      const expected = new Map<number, number>();
      for (const transition of due) expected.set(transition.monitor, (expected.get(transition.monitor) ?? 0) + 1);
      let lastProgress = 0;
      let quietSince = Date.now();
      let lastCount = 0;
      for (;;) {
        await sleep(1000);
        await pollSlack();
        // The SES emulator's clock is whole seconds anyway: every few seconds is enough.
        if (++polls % 3 === 0) await pollMail();
        opts.onTick?.();
        const told = new Map<Kind, Map<number, number>>(KINDS.map((kind) => [kind, new Map<number, number>()]));
        for (const arrival of arrivals) for (const index of arrival.monitors) told.get(arrival.kind)!.set(index, (told.get(arrival.kind)!.get(index) ?? 0) + 1);
        const toldAll = (kind: Kind) => [...expected].filter(([index, count]) => (told.get(kind)!.get(index) ?? 0) >= count).length;
        const complete = KINDS.every((kind) => toldAll(kind) === expected.size);
        if (arrivals.length !== lastCount) {
          lastCount = arrivals.length;
          quietSince = Date.now();
        }
        if (Date.now() - lastProgress > 10_000) {
          lastProgress = Date.now();
          progress(`${fmt((Date.now() - opts.from) / 1000, 0)} s: told every transition of ${KINDS.map((kind) => `${kind} ${toldAll(kind)}`).join(', ')} of ${expected.size} monitors; ${arrivals.length} messages`);
        }
        if ((complete && Date.now() - quietSince > 10_000) || Date.now() - quietSince > 180_000 || Date.now() > (opts.deadline ?? Infinity)) break;
      }
      await pollMail();
    },
    /**
     * Per channel type: messages, digests, the time from each transition (and from its fan-out) to
     * the message that told it, pacing violations, duplicates and losses. A monitor's k-th telling
     * on a channel is matched to its k-th transition (the digests keep their order).
     */
    rows: (due: readonly DueTransition[], fannedOut: ReadonlyMap<string, number>): string[] => {
      const byMonitor = new Map<number, DueTransition[]>();
      for (const transition of due) {
        const list = byMonitor.get(transition.monitor);
        if (list) list.push(transition);
        else byMonitor.set(transition.monitor, [transition]);
      }
      for (const list of byMonitor.values()) list.sort((a, b) => a.at - b.at);
      const lines = [
        '| channel | messages | of them digests | transition -> delivery p50 / p95 / max, s | fan-out -> delivery p50 / p95 / max, s | pacing violations | duplicates | lost |',
        '|---|---:|---:|---:|---:|---:|---:|---:|',
      ];
      for (const kind of KINDS) {
        const mine = arrivals.filter((arrival) => arrival.kind === kind);
        const latency: number[] = [];
        const afterFanOut: number[] = [];
        const count = new Map<number, number>();
        for (const arrival of [...mine].sort((a, b) => a.at - b.at)) {
          for (const index of arrival.monitors) {
            const order = count.get(index) ?? 0;
            count.set(index, order + 1);
            const transition = byMonitor.get(index)?.[order];
            if (!transition) continue;
            latency.push((arrival.at - transition.at) / 1000);
            const taken = fannedOut.get(transition.transitionId);
            if (taken !== undefined) afterFanOut.push((arrival.at - taken) / 1000);
          }
        }
        let duplicates = 0;
        let lost = 0;
        for (const [index, transitions] of byMonitor) {
          const told = count.get(index) ?? 0;
          duplicates += Math.max(0, told - transitions.length);
          lost += Math.max(0, transitions.length - told);
        }
        let paced = 0;
        for (const destination of destinations.get(kind)!) {
          paced += violations(mine.filter((arrival) => arrival.destination === destination).map((arrival) => arrival.at), LIMITS[kind], kind === 'email' ? 1000 : 1);
        }
        lines.push(
          `| ${kind} | ${mine.length} | ${mine.filter((arrival) => arrival.digest).length} | ${fmt(percentile(latency, 50), 1)} / ${fmt(percentile(latency, 95), 1)} / ${fmt(maxOf(latency), 1)} | ` +
            `${fmt(percentile(afterFanOut, 50), 1)} / ${fmt(percentile(afterFanOut, 95), 1)} / ${fmt(maxOf(afterFanOut), 1)} | ${paced} | ${duplicates} | ${lost} |`,
        );
      }
      return lines;
    },
    close: (): void => receivers.forEach((server) => server.close()),
  };
};

export type AlertWatch = ReturnType<typeof alertWatch>;

/**
 * When the alerts consumer took each transition: its claim's time, kept as the outbox entry's
 * `finished_at` (the local cloud runs the consumer as 4 sequential batches at a time, where Lambda
 * would scale out). Read after the watch, 25 at a time.
 */
export const fanOutTimes = async (ports: BenchPorts, transitionIds: readonly string[]): Promise<Map<string, number>> => {
  const table = benchTable(ports);
  const taken = new Map<string, number>();
  for (let i = 0; i < transitionIds.length; i += 25) {
    await Promise.all(
      transitionIds.slice(i, i + 25).map(async (transitionId) => {
        const { Item } = await table.send(new GetCommand({ TableName: TABLE.name, Key: outboxKey(transitionId) }));
        if (typeof Item?.finished_at === 'string') taken.set(transitionId, Date.parse(Item.finished_at));
      }),
    );
  }
  return taken;
};
