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
