/**
 * Accepted status codes (`expected_status_codes`, docs/checks.md "Assertions"): a comma-separated
 * list of codes and ranges, "200-299,301". Without it a check accepts 200-399, what a check always
 * accepted before assertions existed.
 */
export const DEFAULT_EXPECTED_STATUS_CODES = '200-399';
export const STATUS_CODE_RANGE = { min: 100, max: 599 } as const;
const MAX_PARTS = 20;

export type StatusCodeRanges = readonly (readonly [number, number])[];

/** The ranges a list names, or the reason it is not one. Spaces are allowed around the parts. */
export const parseStatusCodes = (text: string): { ok: true; ranges: StatusCodeRanges } | { ok: false; reason: string } => {
  const parts = text.split(',').map((part) => part.trim());
  if (parts.length > MAX_PARTS) return { ok: false, reason: `Expected status codes: at most ${MAX_PARTS} codes or ranges` };
  const ranges: [number, number][] = [];
  for (const part of parts) {
    const match = /^(\d{3})(?:\s*-\s*(\d{3}))?$/.exec(part);
    if (!match) return { ok: false, reason: 'Expected status codes must be codes or ranges separated by commas, like 200-299,301' };
    const from = Number(match[1]);
    const to = Number(match[2] ?? match[1]);
    if (from < STATUS_CODE_RANGE.min || to > STATUS_CODE_RANGE.max) {
      return { ok: false, reason: `Expected status codes must be between ${STATUS_CODE_RANGE.min} and ${STATUS_CODE_RANGE.max}` };
    }
    if (from > to) return { ok: false, reason: `Expected status codes: the range ${part} runs backwards` };
    ranges.push([from, to]);
  }
  return { ok: true, ranges };
};

/** Whether `statusCode` is accepted; an unreadable list (never stored) accepts the default. */
export const statusAccepted = (statusCode: number, expected: string | null | undefined): boolean => {
  const parsed = parseStatusCodes(expected ?? DEFAULT_EXPECTED_STATUS_CODES);
  const ranges = parsed.ok ? parsed.ranges : [[200, 399] as const];
  return ranges.some(([from, to]) => statusCode >= from && statusCode <= to);
};
