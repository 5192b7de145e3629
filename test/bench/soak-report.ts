import fs from 'node:fs';
import path from 'node:path';
import type { StoredIncident } from './soak-cloud.js';
import type { FaultKind, Outage } from './soak-plan.js';
import { fmt, percentile, report } from './bench-kit.js';

/**
 * The soak's figures (docs/RELIABILITY.md "The soak", its Report step), from what the soak recorded
 * itself (the target's hits, the faults it injected) and what the local cloud's hooks journaled
 * (results sent and processed, mails the SES emulator accepted), checked against the table.
 */

export interface InjectedFault {
  kind: FaultKind;
  /** When it was asked for. */
  at: number;
  /** When the pipeline could start recovering: the kill carried out, the cloud ready again, or the fault's end. */
  recoveryFrom: number;
  detail: string;
}

export interface SoakRun {
  monitors: number;
  minutes: number;
  t0: number;
  tEnd: number;
  tStop: number;
  /** Results sent before this must have been processed (later ones may still be in flight at the stop). */
  tCut: number;
  outages: Outage[][];
  hits: Map<number, number[]>;
  faults: InjectedFault[];
  cloudKills: { at: number; readyAt: number }[];
  crashes: { at: number; tail: string }[];
  faultsDir: string;
  indexes: Map<string, number>;
  incidents: StoredIncident[];
  pendingOutbox: { status: string; transitionId: string; lastError?: string }[];
  deadLetters: Record<string, string[]>;
  depthSamples: { at: number; depths: Record<string, number> }[];
  settings: Record<string, string | number>;
  /** The host's calibration and the steal from the faults' start to the stop (test/bench/host-calibration.ts). */
  host: string;
  machine: string;
}

const EPSILON_MS = 3000;
const iso = (ms: number) => new Date(ms).toISOString().slice(11, 19);

const readLines = (dir: string, prefix: string): string[] =>
  fs
    .readdirSync(dir)
    .filter((file) => file.startsWith(prefix))
    .flatMap((file) => fs.readFileSync(path.join(dir, file), 'utf8').split('\n').filter(Boolean));

/** id -> earliest time, from journal lines `<ms> <monitor> <round> <region>`. */
const journal = (dir: string, prefix: string): Map<string, number> => {
  const times = new Map<string, number>();
  for (const line of readLines(dir, prefix)) {
    const space = line.indexOf(' ');
    const at = Number(line.slice(0, space));
    const id = line.slice(space + 1);
    const seen = times.get(id);
    if (seen === undefined || at < seen) times.set(id, at);
  }
  return times;
};

interface MailLine {
  at: number;
  subject: string;
}

const alertMails = (dir: string): Map<number, { down: number[]; up: number[] }> => {
  const byMonitor = new Map<number, { down: number[]; up: number[] }>();
  for (const line of readLines(dir, 'mails.log')) {
    const mail = JSON.parse(line) as MailLine;
    const match = /^Website (Down|Recovered): Soak (\d+)$/.exec(mail.subject);
    if (!match) continue;
    const index = Number(match[2]);
    const entry = byMonitor.get(index) ?? { down: [], up: [] };
    (match[1] === 'Down' ? entry.down : entry.up).push(mail.at);
    byMonitor.set(index, entry);
  }
  return byMonitor;
};

/** The first time at or after `from` when the monitor got three hits within 15 s (every region checked it). */
const firstFullRound = (times: readonly number[], from: number): number | null => {
  const after = times.filter((at) => at >= from);
  for (let i = 0; i + 2 < after.length; i++) if (after[i + 2]! - after[i]! <= 15_000) return after[i + 2]!;
  return null;
};

export const writeReport = (run: SoakRun): { lost: number; missing: number; doubled: number; falsePages: number; doubleMails: number; missingMails: number } => {
  // ---- results: sent vs processed vs dead-lettered
  const sent = journal(run.faultsDir, 'results-sent-');
  const processed = journal(run.faultsDir, 'results-processed-');
  const deadResults = new Set<string>();
  for (const body of run.deadLetters['upwatch-check-results-dlq'] ?? []) {
    try {
      const message = JSON.parse(body) as { kind?: string; results?: { result: { monitorId: string; round: string; region: string } }[] };
      for (const { result } of message.results ?? []) deadResults.add(`${result.monitorId} ${result.round} ${result.region}`);
    } catch {
      /* not a results message */
    }
  }
  let counted = 0;
  let inFlightAtStop = 0;
  const lostAtCloudKill: string[] = [];
  const lost: string[] = [];
  for (const [id, at] of sent) {
    if (at >= run.tCut) {
      inFlightAtStop++;
      continue;
    }
    counted++;
    if (processed.has(id) || deadResults.has(id)) continue;
    // The SQS emulator keeps messages in memory: what was queued when the cloud was killed is gone.
    const kill = run.cloudKills.find((candidate) => at <= candidate.at && at > candidate.at - 120_000);
    if (kill) lostAtCloudKill.push(id);
    else lost.push(id);
  }
  const processedCounted = [...processed.entries()].filter(([id]) => (sent.get(id) ?? 0) < run.tCut).length;
  const lags = [...sent.entries()].filter(([id, at]) => at < run.tCut && processed.has(id)).map(([id, at]) => (processed.get(id)! - at) / 1000);

  // ---- transitions: expected vs opened
  let expected = 0;
  let missing = 0;
  let doubled = 0;
  const falsePages: string[] = [];
  const problems: string[] = [];
  const incidentsByMonitor = new Map<number, StoredIncident[]>();
  let otherIncidents = 0;
  for (const incident of run.incidents) {
    const index = run.indexes.get(incident.monitorId);
    if (index === undefined) continue;
    if (incident.alertType !== 'down' && incident.alertType !== 'up') {
      otherIncidents++;
      continue;
    }
    incidentsByMonitor.set(index, [...(incidentsByMonitor.get(index) ?? []), incident]);
  }
  const mails = alertMails(run.faultsDir);
  let mailsExpected = 0;
  let doubleMails = 0;
  let missingMails = 0;
  const mailProblems: string[] = [];
  const mailDelays: number[] = [];
  for (let index = 0; index < run.monitors; index++) {
    const outages = run.outages[index] ?? [];
    const incidents = incidentsByMonitor.get(index) ?? [];
    const downs = incidents.filter((incident) => incident.alertType === 'down').map((incident) => incident.startedAt);
    const ups = incidents.filter((incident) => incident.alertType === 'up').map((incident) => incident.startedAt);
    outages.forEach((outage, k) => {
      expected += 2;
      const nextStart = outages[k + 1]?.start ?? run.tStop;
      const downsIn = downs.filter((at) => at >= outage.start - EPSILON_MS && at <= outage.end + EPSILON_MS).length;
      const upsIn = ups.filter((at) => at >= outage.end - EPSILON_MS && at < nextStart).length;
      for (const [what, count] of [['down', downsIn], ['recovery', upsIn]] as const) {
        if (count === 0) {
          missing++;
          problems.push(`monitor ${index}: no ${what} transition for the outage ${iso(outage.start)}-${iso(outage.end)}`);
        } else if (count > 1) {
          doubled += count - 1;
          problems.push(`monitor ${index}: ${count} ${what} transitions for the outage ${iso(outage.start)}-${iso(outage.end)}`);
        }
      }
    });
    for (const at of downs) {
      if (!outages.some((outage) => at >= outage.start - EPSILON_MS && at <= outage.end + EPSILON_MS)) {
        const active = run.faults.filter((fault) => fault.at <= at && at <= fault.recoveryFrom + 60_000).map((fault) => fault.kind);
        falsePages.push(`monitor ${index} went down at ${iso(at)} while its target was up (faults around: ${active.join(', ') || 'none'})`);
      }
    }
    const mailed = mails.get(index) ?? { down: [], up: [] };
    mailsExpected += downs.length + ups.length;
    // The k-th mail of a kind answers the k-th transition of that kind (both in time order).
    for (const [transitions, sentMails] of [[downs, mailed.down], [ups, mailed.up]] as const) {
      const inOrder = [...transitions].sort((a, b) => a - b);
      [...sentMails].sort((a, b) => a - b).forEach((at, k) => {
        if (inOrder[k] !== undefined) mailDelays.push((at - inOrder[k]!) / 1000);
      });
    }
    for (const [what, transitions, sentMails] of [['down', downs.length, mailed.down.length], ['recovery', ups.length, mailed.up.length]] as const) {
      if (sentMails > transitions) {
        doubleMails += sentMails - transitions;
        mailProblems.push(`monitor ${index}: ${sentMails} ${what} mails for ${transitions} ${what} transitions`);
      } else if (sentMails < transitions) {
        missingMails += transitions - sentMails;
        mailProblems.push(`monitor ${index}: ${sentMails} ${what} mails for ${transitions} ${what} transitions`);
      }
    }
  }
  const opened = [...incidentsByMonitor.values()].reduce((sum, list) => sum + list.length, 0);
  const mailsSent = [...mails.values()].reduce((sum, entry) => sum + entry.down.length + entry.up.length, 0);

  // ---- gaps in checking
  const gaps: { index: number; gap: number; at: number }[] = [];
  for (let index = 0; index < run.monitors; index++) {
    const times = (run.hits.get(index) ?? []).filter((at) => at >= run.t0 && at <= run.tCut);
    let worst = { gap: run.tCut - run.t0, at: run.t0 };
    if (times.length) {
      worst = { gap: times[0]! - run.t0, at: run.t0 };
      for (let i = 1; i < times.length; i++) if (times[i]! - times[i - 1]! > worst.gap) worst = { gap: times[i]! - times[i - 1]!, at: times[i - 1]! };
    }
    gaps.push({ index, gap: worst.gap / 1000, at: worst.at });
  }
  const worstGap = gaps.reduce((a, b) => (b.gap > a.gap ? b : a), gaps[0] ?? { index: -1, gap: NaN, at: 0 });

  // ---- recovery after each fault
  // 5-second buckets of sending time: is every result sent in it processed within 15 s?
  const BUCKET_MS = 5000;
  const lateBuckets = new Set<number>();
  for (const [id, at] of sent) {
    if (at >= run.tCut) continue;
    const done = processed.get(id);
    if (done === undefined || done - at > 15_000) lateBuckets.add(Math.floor(at / BUCKET_MS));
  }
  const processingRecoveredAt = (from: number): number | null => {
    for (let bucket = Math.ceil(from / BUCKET_MS); bucket * BUCKET_MS < run.tCut - 30_000; bucket++) {
      if ([0, 1, 2, 3, 4, 5].every((k) => !lateBuckets.has(bucket + k))) return Math.max(from, bucket * BUCKET_MS);
    }
    return null;
  };
  const recoveries = run.faults.map((fault) => {
    const rounds = [...Array(run.monitors).keys()].map((index) => firstFullRound(run.hits.get(index) ?? [], fault.recoveryFrom));
    const checks = rounds.some((at) => at === null) ? null : Math.max(...(rounds as number[]));
    const processing = processingRecoveredAt(fault.recoveryFrom);
    const lasting = run.faults
      .filter((other) => other !== fault && other.at < (checks ?? run.tStop) && other.recoveryFrom > fault.recoveryFrom && other.recoveryFrom - other.at > 60_000)
      .map((other) => other.kind);
    return { fault, checks: checks === null ? NaN : (checks - fault.recoveryFrom) / 1000, processing: processing === null ? NaN : (processing - fault.recoveryFrom) / 1000, lasting };
  });

  // ---- the report
  const deadCounts = Object.entries(run.deadLetters).map(([queue, bodies]) => `${queue} ${bodies.length}`).join(', ');
  report(`# Soak: ${run.monitors} monitors at 30 s from 3 regions, ${run.minutes} min of faults\n`);
  report(`- ${run.machine}`);
  report(`- ${run.host}`);
  report(`- Faults ${new Date(run.t0).toISOString()} - ${new Date(run.tEnd).toISOString()}, then drained until ${new Date(run.tStop).toISOString()}`);
  report(`- Settings: ${Object.entries(run.settings).map(([key, value]) => `${key}=${value}`).join(', ')}`);
  report(`- Cloud lives: ${run.cloudKills.length + 1}; unplanned crashes: **${run.crashes.length}**`);
  report('\n## Results (one per monitor, round and region)\n');
  report(`- Sent by the checkers: ${counted} (sent before ${iso(run.tCut)}; ${inFlightAtStop} later ones not counted)`);
  report(`- Processed: ${processedCounted}; in the results DLQ: ${deadResults.size}; dead-lettered check packs: ${(run.deadLetters['upwatch-checks-us-east-1-dlq'] ?? []).length + (run.deadLetters['upwatch-checks-eu-west-1-dlq'] ?? []).length + (run.deadLetters['upwatch-checks-ap-south-1-dlq'] ?? []).length}`);
  report(`- **Lost: ${lost.length}**; in the SQS emulator's memory when the cloud was SIGKILLed (a local limit, SQS keeps them): ${lostAtCloudKill.length}`);
  report(`- Processing lag (sent -> processed), s: p50 ${fmt(percentile(lags, 50), 1)}, p95 ${fmt(percentile(lags, 95), 1)}, max ${fmt(lags.reduce((a, b) => Math.max(a, b), 0), 1)}`);
  report(`- DLQs at the end: ${deadCounts || 'none'}`);
  report('\n## Transitions and mails\n');
  report(`- Transitions expected (planned outages x 2): ${expected}; opened: ${opened}; **missing ${missing}, doubled ${doubled}**; other incidents (slow): ${otherIncidents}`);
  report(`- **False pages** (down while the target was up): ${falsePages.length}`);
  report(`- Alert mails: ${mailsSent} for ${mailsExpected} transitions; **double ${doubleMails}, missing ${missingMails}**; outbox entries unfinished at the end: ${run.pendingOutbox.length}${run.pendingOutbox.length ? ` (${run.pendingOutbox.map((entry) => entry.status).join(', ')})` : ''}`);
  report(`- Mail delay after its transition, s: p50 ${fmt(percentile(mailDelays, 50), 1)}, p95 ${fmt(percentile(mailDelays, 95), 1)}, max ${fmt(mailDelays.reduce((a, b) => Math.max(a, b), 0), 1)}`);
  for (const line of [...problems, ...falsePages, ...mailProblems].slice(0, 30)) report(`  - ${line}`);
  report('\n## Checking\n');
  report(`- Longest gap between two checks of a monitor, s: p50 ${fmt(percentile(gaps.map((gap) => gap.gap), 50), 1)}, p95 ${fmt(percentile(gaps.map((gap) => gap.gap), 95), 1)}, max ${fmt(worstGap.gap, 1)} (monitor ${worstGap.index}, from ${iso(worstGap.at)})`);
  const resultsDepth = run.depthSamples.map((sample) => sample.depths['upwatch-check-results'] ?? 0);
  report(`- Results queue depth (sampled every 5 s): p50 ${fmt(percentile(resultsDepth, 50), 0)}, max ${fmt(resultsDepth.reduce((a, b) => Math.max(a, b), 0), 0)}`);
  report('\n## Faults and recovery\n');
  report('Recovery: from the fault\'s end (a kill carried out, the cloud ready again, a lasting fault over) until every monitor was checked by all three regions again (checks), and until results were processed within 15 s of being sent for 30 s (processing).\n');
  report('| time | fault | detail | checks recovered, s | processing recovered, s | lasting faults still on |');
  report('|---|---|---|---:|---:|---|');
  for (const row of recoveries) {
    report(`| ${iso(row.fault.at)} | ${row.fault.kind} | ${row.fault.detail} | ${fmt(Math.max(0, row.checks), 0)} | ${fmt(Math.max(0, row.processing), 0)} | ${row.lasting.join(', ')} |`);
  }
  for (const kill of run.cloudKills) report(`\n- Cloud killed at ${iso(kill.at)}, ready again after ${fmt((kill.readyAt - kill.at) / 1000, 0)} s`);
  for (const crash of run.crashes) report(`\n- **Unplanned crash** at ${iso(crash.at)}:\n\n\`\`\`\n${crash.tail.slice(-1500)}\n\`\`\``);
  return { lost: lost.length, missing, doubled, falsePages: falsePages.length, doubleMails, missingMails };
};
