/**
 * The scale benchmark's "all at once" mode (docs/PERFORMANCE.md "Scale", "All at once"): on the same
 * local cloud as the steady monitors, during the measuring window,
 * 1. a status page of the first user's first 50 monitors, made through the API, is read by an
 *    open-loop crowd (status-crowd.ts) at SCALE_STATUS_RPS requests/s, half on its HTML and half on
 *    its JSON, and its staleness polled once a second;
 * 2. SCALE_SCREENS WebSocket screens (live-screens.ts) are open, spread over the scale users;
 * 3. SCALE_STORM_MONITORS of the scale monitors, spread evenly over the users, flip down for one
 *    round and up the next through the real pipeline: the scale target answers 500 to each of them
 *    from its first check of its first round after the flip for FAIL_HOLD_MS (every region's check
 *    of that round and its retry), then 200 again. Their owners have the three default alert channels
 *    (alert-watch.ts), watched until every transition is told.
 * The transitions' times are the result processor's own (its `Monitor state changed` log line,
 * written as the round's transaction commits); incidents are read from the table.
 */
import { INCIDENT_SK_PREFIX } from '../../shared/table/keys.js';
import { alertWatch, fanOutTimes, type DueTransition } from './alert-watch.js';
import { cloudLogSince, cloudLogSize, type BenchCloud, type BenchCloudPorts } from './bench-cloud.js';
import { fmt, intFromEnv, percentile, progress } from './bench-kit.js';
import { userItems, type BenchUser } from './bench-users.js';
import { matchPushes, openScreens, processorPushCounts, type PushDue, type Screens } from './live-screens.js';
import { createStatusPage, crowdNote, crowdTable, monitorIdsByIndex, openLoopCrowd, pageAddresses, pollStaleness, sentAs, type Crowd } from './status-crowd.js';

/** The sizes of the three parts (SCALE_ALONGSIDE=1 turns the mode on). */
export interface AlongsideSizes {
  statusRps: number;
  screens: number;
  stormMonitors: number;
  /** Seconds into the window when the storm's monitors start failing. */
  stormAtSeconds: number;
  /** At most this long after the flip the alerts are watched for, past the window's end if need be. */
  stormWatchSeconds: number;
}

export const alongsideFromEnv = (monitors: number): AlongsideSizes | null =>
  intFromEnv('SCALE_ALONGSIDE', 0) > 0
    ? {
        statusRps: intFromEnv('SCALE_STATUS_RPS', 500, 2),
        screens: intFromEnv('SCALE_SCREENS', 500, 1),
        stormMonitors: Math.min(monitors, intFromEnv('SCALE_STORM_MONITORS', 1000, 1)),
        stormAtSeconds: intFromEnv('SCALE_STORM_AT_SECONDS', 20),
        stormWatchSeconds: intFromEnv('SCALE_STORM_WATCH_SECONDS', 300, 60),
      }
    : null;

/**
 * How long a storm monitor keeps failing after its first check since the flip: long enough for
 * every region's check of that round and its immediate retry (they come within a few seconds of
 * each other), short enough that the next round, 30 s after, finds it up.
 */
const FAIL_HOLD_MS = 15_000;
const INTERVAL = 30;
const SLUG = 'scale-status';
const COMPONENTS = 50;
const ACCEPT_ENCODING = 'gzip, deflate, br';
/** Sockets per address for the crowd: as many as status-page.ts's default. */
const CROWD_CONNECTIONS = 50;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A scale user: its monitors are `/m/<first>` .. `/m/<first + monitors - 1>`. */
export type AlongsideUser = BenchUser & { monitors: number; first: number };

/** A transition the processor logged: which monitor, down or up, when it committed, and its outbox key. */
interface LoggedTransition {
  monitorId: string;
  event: string;
  at: number;
  transitionId: string;
}

const TRANSITION_LINE = /(\d{2}):(\d{2}):(\d{2})\.(\d{3}) +INFO\b.*Monitor state changed .*\bmonitorId=(\S+).*\bevent=(\w+).*\btransitionId=(\S+)/;

/** The `Monitor state changed` lines of the cloud's log (local lines carry the UTC time of day only: the day is the one of `around`). */
export const loggedTransitions = (logText: string, around: number): LoggedTransition[] => {
  const midnight = Math.floor(around / 86_400_000) * 86_400_000;
  return logText.split('\n').flatMap((line) => {
    const found = TRANSITION_LINE.exec(line);
    if (!found) return [];
    const [, h, m, s, ms, monitorId, event, transitionId] = found;
    let at = midnight + ((Number(h) * 60 + Number(m)) * 60 + Number(s)) * 1000 + Number(ms);
    if (at < around - 43_200_000) at += 86_400_000;
    return [{ monitorId: monitorId!, event: event!, at, transitionId: transitionId! }];
  });
};

/** Monitor indexes for the storm, spread evenly over all of them (so over every user). */
const stormIndexes = (monitors: number, storm: number): number[] => {
  const stride = Math.max(1, Math.floor(monitors / storm));
  return Array.from({ length: storm }, (_, k) => k * stride);
};

const maxOf = (values: readonly number[]): number => (values.length ? values.reduce((a, b) => (b > a ? b : a)) : Number.NaN);
const triple = (values: readonly number[], digits = 1) => `${fmt(percentile([...values], 50), digits)} / ${fmt(percentile([...values], 95), digits)} / ${fmt(maxOf(values), digits)}`;

/**
 * Sets the three parts up before the warm-up (the page, the channels); `answer` is the scale
 * target's verdict for a hit; `openScreens` runs just before the window, `during` in it, and
 * `finish` after it (it watches the alerts to the end), then `report` gives the section.
 */
export const setUpAlongside = async (opts: {
  ports: BenchCloudPorts;
  cloud: BenchCloud;
  users: readonly AlongsideUser[];
  /** Each monitor's id, by index. */
  monitorIds: ReadonlyMap<number, string>;
  /** Each monitor's phase (s into its 30 s interval), by index: its rounds' slots. */
  phases: ReadonlyMap<number, number>;
  sizes: AlongsideSizes;
  monitors: number;
}) => {
  const { ports, cloud, users, sizes } = opts;
  const storm = stormIndexes(opts.monitors, sizes.stormMonitors);
  const stormSet = new Set(storm);
  const indexOfId = new Map([...opts.monitorIds].map(([index, id]) => [id, index]));
  const ownerOf = (index: number) => users.findIndex((user) => index >= user.first && index < user.first + user.monitors);

  // ---- the page: the first user's first 50 monitors (some of them in the storm)
  const owner = users[0]!;
  const componentIndexes = Array.from({ length: Math.min(COMPONENTS, owner.monitors) }, (_, k) => owner.first + k);
  await createStatusPage(ports, owner, SLUG, await monitorIdsByIndex(ports, owner, componentIndexes));
  const htmlSent = await sentAs(ports, `/status/${SLUG}`, ACCEPT_ENCODING);
  const jsonSent = await sentAs(ports, `/api/public/status/${SLUG}`, ACCEPT_ENCODING);

  // ---- the storm's accounts: the three default channels each
  const watch = alertWatch(ports, 'Scale');
  const stormOwners = [...new Set(storm.map(ownerOf))].sort((a, b) => a - b);
  for (const account of stormOwners) await watch.addChannels(users[account]!, account);
  progress(`all at once: page /status/${SLUG} of ${componentIndexes.length} monitors; ${storm.length} storm monitors over ${stormOwners.length} accounts with 3 channels each`);

  // ---- the storm at the target
  let flipAt = Infinity;
  const firstFail = new Map<number, number>();
  let failingAnswers = 0;
  /**
   * When a storm monitor's failing round begins: its first slot after the flip. A round already
   * under way at the flip stays up, or its regions would disagree and it might never go down.
   */
  const failFrom = (index: number): number => {
    const phase = opts.phases.get(index) ?? 0;
    return (Math.ceil((flipAt / 1000 - phase) / INTERVAL) * INTERVAL + phase) * 1000;
  };
  const answer = (index: number, now: number): number => {
    if (now < flipAt || !stormSet.has(index) || now < failFrom(index)) return 200;
    const first = firstFail.get(index);
    if (first === undefined) firstFail.set(index, now);
    if (first === undefined || now < first + FAIL_HOLD_MS) {
      failingAnswers++;
      return 500;
    }
    return 200;
  };

  let screens: Screens | undefined;
  let crowds: Crowd[] = [];
  let staleness: { staleness: number[]; ageHeaders: number[] } = { staleness: [], ageHeaders: [] };
  let logAtFlip = 0;
  let watchedTo = 0;
  let openAfterWatch = 0;
  let transitions: LoggedTransition[] = [];
  let fannedOut = new Map<string, number>();
  let pushTally = processorPushCounts('');
  const incidents = { opened: 0, closed: 0, recoveries: 0, others: 0 };

  return {
    answer,
    /** The storm's monitors by id: the freshness figures are given for them and for the others apart. */
    stormIds: new Set(storm.map((index) => opts.monitorIds.get(index)!)) as ReadonlySet<string>,
    close: () => {
      screens?.close();
      watch.close();
    },
    openScreens: async () => {
      screens = await openScreens(ports, users, sizes.screens);
      progress(`all at once: ${screens.sockets.length} screens open in ${fmt(screens.connectSeconds, 1)} s`);
    },
    /** The window's parts: the crowd and the staleness poll for the whole window, the flip at its time. */
    during: async (windowEnd: number) => {
      const seconds = Math.round((windowEnd - Date.now()) / 1000);
      const rate = Math.floor(sizes.statusRps / 2);
      const crowd = Promise.all(
        pageAddresses(SLUG).map((address) =>
          openLoopCrowd({ ports, ...address, rate, seconds, connections: CROWD_CONNECTIONS, headers: { 'accept-encoding': ACCEPT_ENCODING } }),
        ),
      );
      const flip = (async () => {
        await sleep(sizes.stormAtSeconds * 1000);
        logAtFlip = cloudLogSize(cloud);
        flipAt = Date.now();
        progress(`all at once: ${storm.length} monitors fail from now (${new Date(flipAt).toISOString()})`);
      })();
      [crowds, staleness] = await Promise.all([crowd, pollStaleness(ports, SLUG, windowEnd), flip]);
    },
    /** After the window: the alerts watched until every transition is told (or the watch's limit), then incidents and fan-out read. */
    finish: async () => {
      const deadline = flipAt + sizes.stormWatchSeconds * 1000;
      // The transitions are known once each storm monitor's down and up rounds have committed.
      const stormTransitions = () =>
        loggedTransitions(cloudLogSince(cloud, logAtFlip), flipAt).filter((transition) => stormSet.has(indexOfId.get(transition.monitorId) ?? -1));
      const due = (): DueTransition[] =>
        stormTransitions().map((transition) => ({ monitor: indexOfId.get(transition.monitorId)!, at: transition.at, transitionId: transition.transitionId }));
      while (stormTransitions().length < 2 * storm.length && Date.now() < deadline - 60_000) await sleep(2000);
      // The due list grows until the up rounds are in; the watch ends when all of it is told.
      await watch.untilTold(due(), { from: flipAt, deadline });
      watchedTo = Date.now();
      openAfterWatch = screens?.open() ?? 0;
      transitions = loggedTransitions(cloudLogSince(cloud, logAtFlip), flipAt);
      pushTally = processorPushCounts(cloudLogSince(cloud, logAtFlip));
      fannedOut = await fanOutTimes(ports, transitions.map((transition) => transition.transitionId));
      for (const user of users) {
        for (const item of await userItems(ports, user.userId, INCIDENT_SK_PREFIX)) {
          if (Date.parse(String(item.started_at)) < flipAt) continue;
          const index = indexOfId.get(String(item.monitor_id)) ?? -1;
          if (!stormSet.has(index)) incidents.others++;
          else if (item.alert_type === 'down') {
            incidents.opened++;
            if (item.status === 'resolved') incidents.closed++;
          } else if (item.alert_type === 'up') incidents.recoveries++;
        }
      }
    },
    /** The section of the report: every figure of each part. */
    report: (): string[] => {
      const lines: string[] = [];
      const stormIds = new Set(storm.map((index) => opts.monitorIds.get(index)!));
      const byMonitor = new Map<string, LoggedTransition[]>();
      for (const transition of transitions.filter((one) => stormIds.has(one.monitorId)).sort((a, b) => a.at - b.at)) {
        const list = byMonitor.get(transition.monitorId);
        if (list) list.push(transition);
        else byMonitor.set(transition.monitorId, [transition]);
      }
      const downs = transitions.filter((one) => stormIds.has(one.monitorId) && one.event === 'down');
      const ups = transitions.filter((one) => stormIds.has(one.monitorId) && one.event === 'up');
      const others = transitions.filter((one) => !stormIds.has(one.monitorId));
      const detection = downs.flatMap((one) => {
        const first = firstFail.get(indexOfId.get(one.monitorId)!);
        return first === undefined ? [] : [(one.at - first) / 1000];
      });

      lines.push('', `## All at once: status page ${sizes.statusRps} requests/s, ${sizes.screens} screens, ${storm.length} monitors flip down and up`, '');
      lines.push(
        `### Status page under a crowd`,
        '',
        `The page \`/status/${SLUG}\`: ${componentIndexes.length} of the first user's monitors (${componentIndexes.filter((index) => stormSet.has(index)).length} of them in the storm), made through the API; ` +
          `as sent for \`Accept-Encoding: ${ACCEPT_ENCODING}\` ${htmlSent.encoding} ${fmt(htmlSent.bytes / 1024, 1)} KiB (HTML) and ${jsonSent.encoding} ${fmt(jsonSent.bytes / 1024, 1)} KiB (JSON). The crowd ran the whole window.`,
        '',
        ...crowdTable(crowds),
        '',
        crowdNote(crowds, CROWD_CONNECTIONS),
        `Page staleness (\`generated_at\` vs clock, ${staleness.staleness.length} polls) p95 ${fmt(percentile(staleness.staleness, 95), 1)} s, max ${fmt(maxOf(staleness.staleness), 1)} s; \`age\` header max ${fmt(maxOf(staleness.ageHeaders), 0)} s.`,
      );

      const stormOf = new Map<number, number[]>();
      for (const index of storm) stormOf.set(ownerOf(index), [...(stormOf.get(ownerOf(index)) ?? []), index]);
      const pushDue: PushDue[] = (screens?.sockets ?? []).flatMap((_, screen) =>
        (stormOf.get(screen % users.length) ?? []).map((index) => {
            const monitorId = opts.monitorIds.get(index)!;
          return { screen, monitorId, transitions: (byMonitor.get(monitorId) ?? []).map((one) => one.at) };
        }),
      );
      // From the flip on: a monitor's first check (pending -> online) pushes too, and a few may come after the warm-up.
      const heardSinceFlip = (screens?.heard ?? []).filter((entry) => entry.at >= flipAt);
      const pushes = matchPushes(heardSinceFlip, pushDue);
      const latency = (order: number) => pushes.matched.filter((push) => push.order === order).map((push) => push.at - push.transitionAt);
      const otherPushes = heardSinceFlip.filter((entry) => entry.type === 'monitor.changed' && !stormIds.has(entry.monitorId)).length;
      lines.push(
        '',
        '### Live pushes to open screens',
        '',
        `Screens: ${screens?.sockets.length ?? 0} opened in ${fmt(screens?.connectSeconds ?? NaN, 1)} s before the window (50 at a time, screen i on user i mod ${users.length}), **${openAfterWatch} still open** after the storm's watch.`,
        `Due: one \`monitor.changed\` per storm transition on each screen of its owner (${pushes.due}); ${otherPushes} more came for monitors outside the storm, from the flip on. ` +
          'The transition\'s time is its log line, written a moment after the commit the push starts from: a push can come before it (a negative time).',
        '',
        '| pushes due | received | lost | doubled | from the transition\'s commit, down: p50 / p95 / max, ms | up: p50 / p95 / max, ms |',
        '|---:|---:|---:|---:|---|---|',
        `| ${pushes.due} | ${pushes.received} | ${pushes.lost} | ${pushes.doubled} | ${triple(latency(0), 0)} | ${triple(latency(1), 0)} |`,
        '',
        `The processor's tally of its posts from the flip on (\`Live pushes of the batch\`): publishes ${pushTally.publishes}, connections read ${pushTally.connections}, ` +
          `delivered ${pushTally.delivered}, gone ${pushTally.gone}, failed ${pushTally.failed}, unsent (past the grace) ${pushTally.unsent}, unread ${pushTally.unread}.`,
      );

      lines.push(
        '',
        '### The storm',
        '',
        `${storm.length} monitors (every ${Math.max(1, Math.floor(opts.monitors / storm.length))}th, over ${new Set(storm.map(ownerOf)).size} accounts) failed from ${new Date(flipAt).toISOString()} (${sizes.stormAtSeconds} s into the window): ` +
          `the target answered 500 to each from its first check of its first round after the flip for ${FAIL_HOLD_MS / 1000} s, ${failingAnswers} failing answers in all (3 regions x 2 tries = 6 a monitor), ${firstFail.size} monitors checked failing.`,
        `- Transitions committed (the processor's log): **${downs.length} down, ${ups.length} up** of ${storm.length} each; ${others.length} transitions of other monitors from the flip to the watch's end.`,
        `- First failing check -> down committed, s: p50 / p95 / max ${triple(detection)}.`,
        `- Incidents (the table, started since the flip): **${incidents.opened} opened, ${incidents.closed} of them closed**, ${incidents.recoveries} recoveries recorded; ${incidents.others} incidents of other monitors.`,
        `- Alerts watched until ${fmt((watchedTo - flipAt) / 1000, 0)} s after the flip; every arrival by the receiving side's clock. A monitor's k-th telling on a channel is its k-th transition (down, then up); "transition" is its commit.`,
        '',
        ...watch.rows(
          [...byMonitor.values()].flat().map((one) => ({ monitor: indexOfId.get(one.monitorId)!, at: one.at, transitionId: one.transitionId })),
          fannedOut,
        ),
        '',
        'E-mail arrival times are the SES emulator\'s whole seconds. Pacing violations: more than the provider\'s rate to one destination (Slack 1 a second, webhooks and e-mail 10).',
      );
      return lines;
    },
  };
};
