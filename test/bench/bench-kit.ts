import { createHash } from 'node:crypto';

/**
 * What every benchmark script shares: settings from the environment, where output goes (the
 * markdown report on stdout, progress on stderr, so `> file.md` keeps only the report), number
 * formatting and percentiles.
 */
export const intFromEnv = (name: string, fallback: number, min = 0): number => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < min) throw new Error(`${name} must be a whole number >= ${min}, got ${process.env[name]}`);
  return value;
};

export const numberFromEnv = (name: string, fallback: number): number => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number, got ${process.env[name]}`);
  return value;
};

export const progress = (line: string): void => {
  process.stderr.write(`[bench] ${line}\n`);
};

export const report = (text: string): void => {
  process.stdout.write(`${text}\n`);
};

export const fmt = (value: number, digits = 2): string => (Number.isFinite(value) ? value.toFixed(digits) : 'n/a');

/** Nearest-rank percentile; NaN for no values. */
export const percentile = (values: number[], p: number): number => {
  if (!values.length) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)]!;
};

/**
 * The host's calibration: a fixed piece of work (200 SHA-256 of 1 MiB) whose time says how fast
 * this host is today, so figures from a busy or slower machine can be read against each other.
 */
export const hashingMs = (): number => {
  const block = Buffer.alloc(1 << 20, 7);
  const started = performance.now();
  let digest = Buffer.alloc(0);
  for (let i = 0; i < 200; i++) digest = createHash('sha256').update(block).update(digest).digest();
  return performance.now() - started;
};
