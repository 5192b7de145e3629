/**
 * Open screens for the benchmarks (docs/PERFORMANCE.md "Live pushes", and "Scale" for the
 * all-at-once mode): WebSocket connections to a local cloud's `/live`, each authorized and recorded
 * by `$connect` as a screen's would be, spread evenly over accounts (screen i watches account
 * i mod n); every message they receive, with when; the processor's own tally of its posts from the
 * cloud's log; and the match of what arrived against what was due, per screen and monitor.
 */
import WebSocket from 'ws';
import { LIVE_STAGE, parseLiveMessages } from '../../shared/live/messages.js';
import type { BenchPorts } from './bench-users.js';

/** One message a screen received: which monitor it named, and when. */
export interface Heard {
  screen: number;
  account: number;
  type: string;
  monitorId: string;
  at: number;
}

export interface Screens {
  sockets: WebSocket[];
  /** Every message received so far (plan changes left out), in arrival order. */
  heard: Heard[];
  /** How many screens each account has. */
  perAccount: Map<number, number>;
  connectSeconds: number;
  /** Screens still open. */
  open(): number;
  close(): void;
}

/** Opens `count` screens, 50 at a time, screen i on `accounts[i % accounts.length]`. */
export const openScreens = async (ports: BenchPorts, accounts: readonly { token: string }[], count: number): Promise<Screens> => {
  const heard: Heard[] = [];
  const sockets: WebSocket[] = [];
  const openOne = (screen: number): Promise<WebSocket> =>
    new Promise((resolve, reject) => {
      const account = screen % accounts.length;
      const socket = new WebSocket(`ws://127.0.0.1:${ports.gateway}/${LIVE_STAGE}?token=${encodeURIComponent(accounts[account]!.token)}`);
      socket.once('open', () => resolve(socket));
      socket.once('error', reject);
      socket.on('message', (data: Buffer) => {
        for (const message of parseLiveMessages(data.toString('utf8'))) {
          if (message.type !== 'plan.changed') heard.push({ screen, account, type: message.type, monitorId: message.monitor_id, at: Date.now() });
        }
      });
    });
  const started = Date.now();
  for (let i = 0; i < count; i += 50) sockets.push(...(await Promise.all(Array.from({ length: Math.min(50, count - i) }, (_, k) => openOne(i + k)))));
  const perAccount = new Map<number, number>();
  for (let i = 0; i < count; i++) perAccount.set(i % accounts.length, (perAccount.get(i % accounts.length) ?? 0) + 1);
  return {
    sockets,
    heard,
    perAccount,
    connectSeconds: (Date.now() - started) / 1000,
    open: () => sockets.filter((socket) => socket.readyState === WebSocket.OPEN).length,
    close: () => sockets.forEach((socket) => socket.terminate()),
  };
};

/** What the processor says became of its posts (batch-pushes.ts logs one line per batch), summed over `logText`. */
export const POST_COUNTS = ['publishes', 'unread', 'connections', 'delivered', 'gone', 'failed', 'unsent'] as const;
export type PostCounts = Record<(typeof POST_COUNTS)[number], number>;
export const processorPushCounts = (logText: string): PostCounts => {
  const sums = Object.fromEntries(POST_COUNTS.map((key) => [key, 0])) as PostCounts;
  for (const line of logText.split('\n').filter((one) => one.includes('Live pushes of the batch'))) {
    for (const key of POST_COUNTS) sums[key] += Number(new RegExp(`\\b${key}=(\\d+)`).exec(line)?.[1] ?? 0);
  }
  return sums;
};

/** One monitor due on one screen: a `monitor.changed` for each of its transitions, whose times are in order. */
export interface PushDue {
  screen: number;
  monitorId: string;
  transitions: readonly number[];
}

export interface PushMatch {
  due: number;
  /** Pushes that matched a transition (at most one per transition and screen). */
  received: number;
  doubled: number;
  lost: number;
  /** Each matched push: when it came, the time of the transition it told, and which (0: the first). */
  matched: { at: number; transitionAt: number; order: number }[];
}

/** How long before a transition's recorded time its push may arrive (the time is seen a moment after the commit the push starts from). */
const EARLY_MS = 2000;

/**
 * Matches the `monitor.changed` messages heard against what was due: on each screen, a message
 * naming a monitor tells the transition whose time it follows (from EARLY_MS before it up to
 * EARLY_MS before the next one); the first in that span is its push, the others are doubled, and
 * a transition with none is lost.
 */
export const matchPushes = (heard: readonly Heard[], due: readonly PushDue[]): PushMatch => {
  const arrivals = new Map<string, number[]>();
  for (const entry of heard) {
    if (entry.type !== 'monitor.changed') continue;
    const key = `${entry.screen} ${entry.monitorId}`;
    const list = arrivals.get(key);
    if (list) list.push(entry.at);
    else arrivals.set(key, [entry.at]);
  }
  const match: PushMatch = { due: 0, received: 0, doubled: 0, lost: 0, matched: [] };
  for (const { screen, monitorId, transitions } of due) {
    const times = (arrivals.get(`${screen} ${monitorId}`) ?? []).sort((a, b) => a - b);
    match.due += transitions.length;
    // Messages before the first transition's span tell nothing due.
    match.doubled += times.filter((at) => !transitions.length || at < transitions[0]! - EARLY_MS).length;
    transitions.forEach((transitionAt, order) => {
      const next = transitions[order + 1];
      const span = times.filter((at) => at >= transitionAt - EARLY_MS && (next === undefined || at < next - EARLY_MS));
      if (!span.length) {
        match.lost++;
        return;
      }
      match.received++;
      match.doubled += span.length - 1;
      match.matched.push({ at: span[0]!, transitionAt, order });
    });
  }
  return match;
};
