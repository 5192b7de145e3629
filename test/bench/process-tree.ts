/**
 * CPU time and RSS of a process and all of its descendants, from /proc (Linux): the local cloud's
 * parts for the scale benchmark. CPU is user + system time of each process itself (its children
 * are listed apart); a process is told apart from a later one with the same pid by its start time.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

export interface ProcessSample {
  pid: number;
  ppid: number;
  startedAt: string;
  label: string;
  cpuMs: number;
  rssMb: number;
}

const ticksPerSecond = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();
const pageBytes = (() => {
  try {
    return Number(execFileSync('getconf', ['PAGESIZE'], { encoding: 'utf8' }).trim()) || 4096;
  } catch {
    return 4096;
  }
})();

/** What a process is, from its command line: the cloud's own labels where it can tell. */
const labelOf = (pid: number, name: string): string => {
  try {
    const args = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
    const worker = args.findIndex((arg) => arg.endsWith('queue-worker.ts'));
    if (worker >= 0) return `worker ${args.slice(worker + 1).join('+')}`;
    if (args.some((arg) => arg.endsWith('infra/local/start.ts'))) return name === 'node' ? 'cloud main (gateway, SQS, SES, timers)' : name;
    if (args.some((arg) => arg.includes('DynamoDBLocal'))) return 'DynamoDB Local (java)';
    if (args.some((arg) => arg.includes('cognito'))) return 'cognito-local';
    if (args.some((arg) => arg.includes('esbuild'))) return 'esbuild (tsx)';
    return `${name} ${args.slice(1, 3).join(' ')}`.slice(0, 60);
  } catch {
    return name;
  }
};

const readAll = (): ProcessSample[] => {
  const samples: ProcessSample[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const close = stat.lastIndexOf(')');
      const name = stat.slice(stat.indexOf('(') + 1, close);
      const rest = stat.slice(close + 2).split(' ');
      // Fields after the name: state(0) ppid(1) ... utime(11) stime(12) ... starttime(19) vsize(20) rss(21)
      samples.push({
        pid: Number(entry),
        ppid: Number(rest[1]),
        startedAt: rest[19] ?? '',
        label: name,
        cpuMs: ((Number(rest[11]) + Number(rest[12])) * 1000) / ticksPerSecond,
        rssMb: (Number(rest[21]) * pageBytes) / (1024 * 1024),
      });
    } catch {
      // The process ended while we looked.
    }
  }
  return samples;
};

/** `root` and every descendant, labelled. */
export const cloudProcesses = (root: number): ProcessSample[] => {
  const all = readAll();
  const tree = new Set([root]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const sample of all) {
      if (!tree.has(sample.pid) && tree.has(sample.ppid)) {
        tree.add(sample.pid);
        grew = true;
      }
    }
  }
  return all.filter((sample) => tree.has(sample.pid)).map((sample) => ({ ...sample, label: labelOf(sample.pid, sample.label) }));
};
