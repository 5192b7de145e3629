import { CsvError, parse, type Info } from 'csv-parse/sync';
import { AppError, isAppError } from '../../../shared/errors.js';
import { BULK_UPLOAD, type BulkUploadColumn } from '../../../shared/monitors/bulk-upload.js';
import { mergeCheckOptions } from '../../../shared/monitors/check-option-merge.js';
import { checkOptionsProblem } from '../../../shared/monitors/check-option-rules.js';
import type { CheckOptions } from '../../../shared/monitors/check-options.js';
import { CreateMonitorInput } from '../../../shared/monitors/schemas.js';
import { addsDefaultScheme } from '../../../shared/monitors/monitor-url.js';
import { resolveMonitorTarget, typeOptionsProblem } from '../../../shared/monitors/monitor-type-rules.js';
import type { MonitorTarget } from '../../../shared/monitors/monitor-types.js';
import { CSV_TYPE_COLUMNS, TYPE_FIELD_OWNERS, type TypeField } from '../../../shared/monitors/types/index.js';
import type { Tier } from '../../../shared/tiers.js';
import { assertIntervalAllowed, monitorLimitReached } from './plan-rules.js';

/**
 * The bulk upload's CSV file, read into monitor inputs: pure functions, no I/O.
 *
 * - The first non-blank line must be the header; columns are found by name (any order, case and
 *   spaces ignored: "Check Interval" = check_interval). name and url are required columns,
 *   check_interval and timeout may be left out (their defaults then apply to every row). Without
 *   such a header, or with a column we do not know, the whole file is refused (400), since
 *   guessing would store wrong monitors.
 * - A UTF-8 BOM is dropped; a file that is not UTF-8 is read as Windows-1252 (Excel's "CSV" save).
 *   CRLF, LF and CR line ends all work; quoted values may hold commas, quotes ("") and line breaks.
 * - Blank lines, and lines of empty values only (",,,"), are skipped and not counted.
 * - A row with fewer values than the header has its missing ones empty; a value in a column the
 *   header does not name fails that row (empty trailing values are fine).
 * - A file with NUL bytes or other control characters is not text: it is refused as "not a CSV
 *   file" before any parsing (a spreadsheet or image renamed .csv), rather than with a quoting hint.
 * - Each row must pass CreateMonitorInput, the single create's schema, with the same messages. A url
 *   without a scheme gets https:// there, as the form's does (shared/monitors/monitor-url.ts); the
 *   row says so (`schemeAdded`). An empty check_interval or timeout gets its default.
 * - Rows are numbered by the file line they start on, the header being line 1, so "Row 3" is the
 *   third line in an editor (and the third row in a spreadsheet unless a value spans lines).
 */

export interface RowError {
  line: number;
  message: string;
  /** As in CsvRow: the row's `user_email` in the operator's global upload. */
  userEmail?: string;
}

export interface CsvRow {
  line: number;
  input: CreateMonitorInput;
  /** The row's request options and assertions (optional columns); undefined for a plain check. */
  options?: CheckOptions;
  /** A non-HTTP row's target, its heartbeat token still empty; undefined for http. */
  target?: MonitorTarget;
  /** Only in the operator's global upload: the `user_email` cell (lower-cased), '' when empty. */
  userEmail?: string;
  /** The `channels` cell's names or ids (channel-rows.ts resolves them); absent: the account's defaults. */
  channelNames?: string[];
  /** True when the url cell had no scheme and https:// was put in front. */
  schemeAdded?: true;
}

/** The operator's global upload reads one more column, `user_email` (docs/product-rules.md "Operator bulk upload"). */
export interface CsvOptions {
  userEmailColumn?: boolean;
}

type HeaderColumn = BulkUploadColumn | typeof BULK_UPLOAD.userEmailColumn | typeof BULK_UPLOAD.channelsColumn;

export interface ParsedCsv {
  /** Data rows read (blank lines not counted); each is in `rows` or in `errors`. */
  total: number;
  rows: CsvRow[];
  errors: RowError[];
}

export const formatRowError = ({ line, message }: RowError): string => `Row ${line}: ${message}`;

/** docs/product-rules.md "Bulk upload": the file name must end in .csv (any case: Windows may save DATA.CSV). */
export const isCsvFileName = (filename: string): boolean =>
  filename.trim().toLowerCase().endsWith(BULK_UPLOAD.fileExtension);

const COLUMNS_IN_WORDS = `${BULK_UPLOAD.columns.slice(0, -1).join(', ')} and ${BULK_UPLOAD.columns.at(-1)}`;

/** The texts of the 400s that refuse a whole file. */
export const CSV_FILE_ERRORS = {
  notCsv: 'This is not a CSV file: it holds binary data, not text. Save your spreadsheet as CSV (comma-separated values) and upload that file',
  empty: 'The CSV file is empty',
  noHeader: `The CSV file must start with the header row ${BULK_UPLOAD.columns.join(',')}`,
  unknownColumn: (column: string) => `Unknown column "${column}" in the header row: the columns are ${COLUMNS_IN_WORDS}`,
  duplicateColumn: (column: string) => `The column "${column}" appears twice in the header row`,
  noRows: 'The CSV file has no monitors below the header row',
  noUserEmail: `The CSV file must have a ${BULK_UPLOAD.userEmailColumn} column: it says whose monitor each row is`,
  tooManyRows: (rows: number) =>
    `The CSV file has ${rows} monitor rows: upload at most ${BULK_UPLOAD.maxRows} at a time`,
  unclosedQuote: (line: number) => `The CSV file could not be read: the quoted value that starts on line ${line} is never closed`,
  unreadable: (line: number) => `The CSV file could not be read near line ${line}: check its quotes and commas`,
} as const;

const fileError = (detail: string): AppError => new AppError('VALIDATION_FAILED', detail, [{ field: 'file', message: detail }]);

/**
 * Bytes no text file holds: NUL, DEL and the C0 controls other than tab, line ends, form feed and
 * the old DOS end-of-file mark (0x1A). A workbook, image or archive renamed .csv has them early on.
 */
const TEXT_CONTROLS = new Set([0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x1a]);

/** Whether the uploaded bytes are binary rather than text (checked before decoding and parsing). */
export const isBinaryFile = (bytes: Uint8Array): boolean =>
  bytes.some((byte) => byte === 0x7f || (byte < 0x20 && !TEXT_CONTROLS.has(byte)));

/** The file as text: UTF-8 (BOM dropped), else Windows-1252; line ends made "\n" (line numbers). */
export const decodeCsvText = (bytes: Uint8Array): string => {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    text = new TextDecoder('windows-1252').decode(bytes);
  }
  return text.replace(/\r\n?/g, '\n');
};

/** An empty cell is the default; a number-looking one a number; anything else goes to the schema as is. */
const numberCell = (cell: string | undefined, fallback: number): number | string => {
  const value = (cell ?? '').trim();
  if (value === '') return fallback;
  return /^[+-]?\d+(\.\d+)?$/.test(value) ? Number(value) : value;
};

const normalizeHeader = (cell: string): string => cell.trim().toLowerCase().replace(/[\s-]+/g, '_');

interface CsvRecord {
  line: number;
  cells: string[];
}

/** The line an unclosed quote opened on: the first non-blank line after the last whole record. */
const lineAfter = (text: string, lastRecordEnd: number): number => {
  const lines = text.split('\n');
  const index = lines.findIndex((line, i) => i >= lastRecordEnd && line.trim() !== '');
  return index === -1 ? lastRecordEnd + 1 : index + 1;
};

const readRecords = (text: string): CsvRecord[] => {
  let parsed: { record: string[]; info: Info }[];
  let lastRecordEnd = 0;
  try {
    // With `info`, each record comes as { record, info } (the typings only know plain records).
    parsed = parse(text, {
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      skip_records_with_empty_values: true,
      trim: true,
      info: true,
      on_record: (record, context) => {
        lastRecordEnd = context.lines;
        return record;
      },
    }) as unknown as { record: string[]; info: Info }[];
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    if (error.code === 'CSV_QUOTE_NOT_CLOSED') throw fileError(CSV_FILE_ERRORS.unclosedQuote(lineAfter(text, lastRecordEnd)));
    throw fileError(CSV_FILE_ERRORS.unreadable(Number(error.lines) || 1));
  }
  // `info.lines` is the line a record ENDS on; line breaks inside its quoted values say where it began.
  return parsed.map(({ record, info }) => ({
    line: info.lines - record.reduce((breaks, cell) => breaks + (cell.match(/\n/g)?.length ?? 0), 0),
    cells: record,
  }));
};

/** Column name -> index, from the header record; throws the 400 that names what is wrong. */
const readHeader = (cells: string[], options: CsvOptions): Map<HeaderColumn, number> => {
  const known = new Set<string>([
    ...BULK_UPLOAD.columns,
    ...BULK_UPLOAD.optionalColumns,
    BULK_UPLOAD.channelsColumn,
    ...(options.userEmailColumn ? [BULK_UPLOAD.userEmailColumn] : []),
  ]);
  const names = cells.map(normalizeHeader);
  if (!BULK_UPLOAD.requiredColumns.every((column) => names.includes(column))) throw fileError(CSV_FILE_ERRORS.noHeader);
  if (options.userEmailColumn && !names.includes(BULK_UPLOAD.userEmailColumn)) throw fileError(CSV_FILE_ERRORS.noUserEmail);
  const columns = new Map<HeaderColumn, number>();
  names.forEach((name, index) => {
    if (name === '') return;
    if (!known.has(name)) throw fileError(CSV_FILE_ERRORS.unknownColumn(cells[index]!.trim()));
    if (columns.has(name as HeaderColumn)) throw fileError(CSV_FILE_ERRORS.duplicateColumn(name));
    columns.set(name as HeaderColumn, index);
  });
  return columns;
};

const uniqueMessages = (messages: string[]): string => [...new Set(messages)].join('. ');

/** A column of a monitor type's own fields (each type's `csvColumns` says how its cells are read). */
const isTypeColumn = (column: string): column is TypeField => TYPE_FIELD_OWNERS.has(column as TypeField);

/** An optional column's cell for the schema: empty is "not set"; booleans and numbers as the API takes them. */
const optionalCell = (column: (typeof BULK_UPLOAD.optionalColumns)[number], cell: string | undefined): unknown => {
  const value = (cell ?? '').trim();
  if (value === '') return undefined;
  if (column === 'follow_redirects' || column === 'keyword_case_sensitive') {
    const lower = value.toLowerCase();
    if (['true', 'yes', '1'].includes(lower)) return true;
    if (['false', 'no', '0'].includes(lower)) return false;
    return value;
  }
  if (column === 'max_response_time_ms' || (isTypeColumn(column) && CSV_TYPE_COLUMNS[column] === 'number')) return numberCell(value, 0);
  if (column === 'method') return value.toUpperCase();
  if (column === 'monitor_type') return value.toLowerCase();
  return value;
};

const readRow = (record: CsvRecord, columns: Map<HeaderColumn, number>): CsvRow | RowError => {
  const named = new Set(columns.values());
  const cell = (column: HeaderColumn): string | undefined => {
    const index = columns.get(column);
    return index === undefined ? undefined : record.cells[index];
  };
  const owner = columns.has(BULK_UPLOAD.userEmailColumn)
    ? { userEmail: (cell(BULK_UPLOAD.userEmailColumn) ?? '').trim().toLowerCase() }
    : {};
  const stray = record.cells.findIndex((value, index) => !named.has(index) && value.trim() !== '');
  if (stray !== -1) {
    return { line: record.line, message: `There is a value in column ${stray + 1}, which the header row does not name`, ...owner };
  }
  const result = CreateMonitorInput.safeParse({
    name: cell('name') ?? '',
    // Empty: no url (a row of another type); an HTTP row without one fails with the URL message.
    url: (cell('url') ?? '').trim() === '' ? undefined : cell('url'),
    check_interval: numberCell(cell('check_interval'), BULK_UPLOAD.defaults.check_interval),
    timeout: numberCell(cell('timeout'), BULK_UPLOAD.defaults.timeout),
    ...Object.fromEntries(BULK_UPLOAD.optionalColumns.map((column) => [column, optionalCell(column, cell(column))])),
  });
  if (result.success) {
    // No secrets come from files, so the options are complete here (nothing to seal).
    const merged = mergeCheckOptions(undefined, result.data);
    // The target's id and push secret are given when the row is stored (bulk-upload.ts `monitorsOfRows`).
    const resolved = resolveMonitorTarget({ monitorId: '', input: result.data, newToken: () => '' });
    const problem =
      'problem' in merged
        ? merged.problem
        : 'problem' in resolved
          ? resolved.problem
          : (checkOptionsProblem(merged.options, result.data.timeout) ?? typeOptionsProblem(resolved.type, merged.options));
    if (problem || 'problem' in merged || 'problem' in resolved) return { line: record.line, message: problem!.message, ...owner };
    const options = Object.keys(merged.options).length ? { options: merged.options } : {};
    const channelNames = (cell(BULK_UPLOAD.channelsColumn) ?? '').split(';').map((name) => name.trim()).filter(Boolean);
    return {
      line: record.line,
      input: result.data,
      ...options,
      ...(resolved.target ? { target: resolved.target } : {}),
      ...(channelNames.length ? { channelNames } : {}),
      ...(result.data.url !== undefined && addsDefaultScheme(cell('url') ?? '') ? { schemeAdded: true as const } : {}),
      ...owner,
    };
  }
  return { line: record.line, message: uniqueMessages(result.error.issues.map((issue) => issue.message)), ...owner };
};

/**
 * The rows of an uploaded CSV file, each either a valid monitor input or a row error. Throws a 400
 * for a file that cannot be taken row by row: binary (not a CSV file), empty, no header, unknown column, unreadable CSV,
 * no data rows, more than `BULK_UPLOAD.maxRows` data rows.
 */
export const parseMonitorCsv = (bytes: Uint8Array, options: CsvOptions = {}): ParsedCsv => {
  if (isBinaryFile(bytes)) throw fileError(CSV_FILE_ERRORS.notCsv);
  const [header, ...records] = readRecords(decodeCsvText(bytes));
  if (!header) throw fileError(CSV_FILE_ERRORS.empty);
  const columns = readHeader(header.cells, options);
  if (!records.length) throw fileError(CSV_FILE_ERRORS.noRows);
  if (records.length > BULK_UPLOAD.maxRows) throw fileError(CSV_FILE_ERRORS.tooManyRows(records.length));

  const parsed: ParsedCsv = { total: records.length, rows: [], errors: [] };
  for (const record of records) {
    const row = readRow(record, columns);
    if ('input' in row) parsed.rows.push(row);
    else parsed.errors.push(row);
  }
  return parsed;
};

/** The detail of the AppError `check` throws, or null if it passes: rows reuse the single create's checks. */
export const refusalOf = (check: () => void): string | null => {
  try {
    check();
    return null;
  } catch (error) {
    if (isAppError(error)) return error.detail;
    throw error;
  }
};

/**
 * Valid rows under the caller's plan, in file order: rows faster than the plan's interval floor
 * are refused; of the rest, as many as the cap still allows (`cap - monitorCount`) are accepted,
 * and every later one is refused with the monitor-limit text, which names the limit and the plan.
 */
export const applyPlanLimits = (
  rows: readonly CsvRow[],
  tier: Tier,
  monitorCount: number,
): { accepted: CsvRow[]; refused: RowError[] } => {
  const accepted: CsvRow[] = [];
  const refused: RowError[] = [];
  let room = Math.max(0, tier.monitorCap - monitorCount);
  const limitText = monitorLimitReached(tier).detail;
  for (const row of rows) {
    const intervalRefusal = refusalOf(() => assertIntervalAllowed(tier, row.input.check_interval));
    if (intervalRefusal) refused.push({ line: row.line, message: intervalRefusal });
    else if (room > 0) {
      accepted.push(row);
      room--;
    } else refused.push({ line: row.line, message: limitText });
  }
  return { accepted, refused };
};
