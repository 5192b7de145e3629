/**
 * The figures test/bench/versus-kuma.ts needs, read back from the markdown report of
 * test/bench/scale.ts (docs/PERFORMANCE.md "Scale"). versus-kuma runs the scale benchmark as it is,
 * as a child, so Upwatch's side of the comparison is exactly the repository's own scale run; this
 * module is the one place that knows that report's wording, and it fails loudly when a line it
 * needs is missing or reworded rather than reporting a figure it did not find.
 */

export interface ScaleFigures {
  windowSeconds: number;
  warmupSeconds: number;
  due: number;
  done: number;
  doneDue: number;
  roundsMissed: number;
  hits: number;
  cores: number;
  cpuMsPerCheck: number;
  /** CPU ms per check over the window's last seconds, when the API probes had stopped (NaN if none). */
  pipelineAloneCpuMsPerCheck: number;
  listP50Ms: number;
  listP95Ms: number;
  dashboardP50Ms: number;
  dashboardP95Ms: number;
  /** The scale run's own calibration (SHA-256 loop, ms) and steal share over its window (0..1, NaN if n/a). */
  sha256Ms: number;
  steal: number;
  /** The sum of the RSS column over the cloud's processes, at the window's end. */
  rssMb: number;
  processes: { label: string; cores: number; cpuMsPerCheck: number; rssMb: number }[];
}

const num = (text: string | undefined): number => (text === undefined || text === 'n/a' ? Number.NaN : Number(text.replace(/,/g, '')));

const need = (report: string, pattern: RegExp, what: string): RegExpMatchArray => {
  const match = report.match(pattern);
  if (!match) throw new Error(`the scale report has no ${what} line (pattern ${pattern}); has test/bench/scale.ts changed its wording?`);
  return match;
};

export const readScaleFigures = (report: string): ScaleFigures => {
  const window = need(report, /^- Window \S+ - \S+ \((\d+) s after (\d+) s warm-up\)/m, 'window');
  const checks = need(report, /^- Checks due (\d+) \([^)]*\), done (\d+): \*\*done\/due ([\d.]+|n\/a)\*\*/m, 'done/due');
  const missed = need(report, /^- Rounds with no hit at all: (\d+);/m, 'missed rounds');
  const api = need(report, /^- API, .*list p50 (\S+) \/ p95 (\S+) \(\d+\), dashboard p50 (\S+) \/ p95 (\S+) \(\d+\)/m, 'API latency');
  const cpu = need(report, /^- CPU of the whole local cloud: ([\d.]+) cores; \*\*([\d.]+) CPU ms per check\*\* \((\d+) hits in the window\)/m, 'CPU');
  const alone = report.match(/\*\*([\d.]+) for the pipeline alone\*\*/);
  const calibration = need(report, /SHA-256 of 1 KiB x 200,000 in \*\*(\d+) ms\*\*/, 'host calibration');
  const steal = report.match(/steal over the window ([\d.]+) %/);
  const processes = [...report.matchAll(/^\| (.+) \(pid \d+\) \| ([\d.]+) \| ([\d.]+) \| [\d.n/a]+ \| (\d+) \|$/gm)].map((row) => ({
    label: row[1]!,
    cores: num(row[2]),
    cpuMsPerCheck: num(row[3]),
    rssMb: num(row[4]),
  }));
  if (!processes.length) throw new Error('the scale report has no process table');
  return {
    windowSeconds: num(window[1]),
    warmupSeconds: num(window[2]),
    due: num(checks[1]),
    done: num(checks[2]),
    doneDue: num(checks[3]),
    roundsMissed: num(missed[1]),
    hits: num(cpu[3]),
    cores: num(cpu[1]),
    cpuMsPerCheck: num(cpu[2]),
    pipelineAloneCpuMsPerCheck: num(alone?.[1]),
    listP50Ms: num(api[1]),
    listP95Ms: num(api[2]),
    dashboardP50Ms: num(api[3]),
    dashboardP95Ms: num(api[4]),
    sha256Ms: num(calibration[1]),
    steal: steal ? num(steal[1]) / 100 : Number.NaN,
    rssMb: processes.reduce((sum, row) => sum + row.rssMb, 0),
    processes,
  };
};
