/**
 * The soak's plan, fixed before it starts (docs/RELIABILITY.md "The soak"): when each monitor's
 * target is down, and which fault comes when. Pure, so every true transition is known in advance.
 */

/** One outage of one monitor's target: it answers 503 from `start` (inclusive) to `end` (exclusive), ms. */
export interface Outage {
  start: number;
  end: number;
}

/**
 * Outages of monitor `index` of `count`: down `downMs`, then up `upMs`, over and over, each monitor
 * shifted by its share of one period so that transitions (and their mails) are spread evenly over
 * time. Only outages that end by `until` are planned: after it every target stays up, so that each
 * planned outage has both its transitions. The first starts no earlier than `from`.
 */
export const outagesOf = (index: number, count: number, opts: { from: number; until: number; downMs: number; upMs: number }): Outage[] => {
  const period = opts.downMs + opts.upMs;
  const outages: Outage[] = [];
  for (let start = opts.from + Math.floor((index / count) * period); start + opts.downMs <= opts.until; start += period) {
    outages.push({ start, end: start + opts.downMs });
  }
  return outages;
};

export const isDownAt = (outages: readonly Outage[], at: number): boolean => outages.some((outage) => at >= outage.start && at < outage.end);

export const FAULT_KINDS = [
  'checker-killed',
  'dynamodb-throttling',
  'processor-killed',
  'ses-failing',
  'cloud-killed',
  'region-silent',
  'dynamodb-latency',
] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

export const parseFaultKinds = (text: string | undefined): FaultKind[] => {
  if (!text) return [...FAULT_KINDS];
  const kinds = text.split(',').map((kind) => kind.trim()).filter(Boolean);
  const unknown = kinds.filter((kind) => !(FAULT_KINDS as readonly string[]).includes(kind));
  if (unknown.length || !kinds.length) throw new Error(`SOAK_FAULTS: unknown ${unknown.join(', ') || '(empty)'}; choose from ${FAULT_KINDS.join(', ')}`);
  return kinds as FaultKind[];
};

/** One fault a minute, in rotation: minute m of the run gets kinds[m % kinds.length]. */
export const faultAt = (minute: number, kinds: readonly FaultKind[]): FaultKind => kinds[minute % kinds.length]!;
