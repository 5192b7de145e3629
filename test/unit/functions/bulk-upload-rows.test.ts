import { describe, expect, it } from 'vitest';
import { BULK_UPLOAD } from '../../../shared/monitors/bulk-upload.js';
import { TIMEOUT_OVER_INTERVAL } from '../../../shared/monitors/schemas.js';
import { TEXT } from '../../../shared/texts.js';
import { NAME_CONTROL_CHARACTERS_TEXT } from '../../../shared/validation.js';
import { TIERS } from '../../../shared/tiers.js';
import {
  applyPlanLimits,
  CSV_FILE_ERRORS,
  formatRowError,
  isCsvFileName,
  isBinaryFile,
  parseMonitorCsv,
  type CsvRow,
} from '../../../functions/services/monitors/bulk-upload-rows.js';
import { addsDefaultScheme, httpsAddedText, willCheckText, withDefaultScheme } from '../../../shared/monitors/monitor-url.js';
import { CreateMonitorInput, UpdateMonitorInput } from '../../../shared/monitors/schemas.js';

const HEADER = 'name,url,check_interval,timeout';
const csv = (text: string): Uint8Array => new TextEncoder().encode(text);
const parsed = (text: string) => parseMonitorCsv(csv(text));
const errorsOf = (text: string) => parsed(text).errors.map(formatRowError);

const refusal = (text: string | Uint8Array): unknown => {
  try {
    parseMonitorCsv(typeof text === 'string' ? csv(text) : text);
  } catch (error) {
    return error;
  }
  throw new Error('expected the file to be refused');
};

describe('parseMonitorCsv', () => {
  it('reads the template format, numbering rows by file line (the header is line 1)', () => {
    const result = parsed(`${HEADER}\nShop,https://shop.example.com,600,10\nBlog,https://blog.example.com/feed,3600,60\n`);
    expect(result).toEqual({
      total: 2,
      errors: [],
      rows: [
        { line: 2, input: { name: 'Shop', url: 'https://shop.example.com', check_interval: 600, timeout: 10, slow_threshold: 5 } },
        { line: 3, input: { name: 'Blog', url: 'https://blog.example.com/feed', check_interval: 3600, timeout: 60, slow_threshold: 5 } },
      ],
    });
  });

  it('applies the defaults (300 s interval, 30 s timeout) to empty or missing values', () => {
    const result = parsed(`${HEADER}\nShop,https://shop.example.com,,\nBlog,https://blog.example.com\n`);
    expect(result.rows.map((row) => row.input)).toEqual([
      { name: 'Shop', url: 'https://shop.example.com', check_interval: BULK_UPLOAD.defaults.check_interval, timeout: 30, slow_threshold: 5 },
      { name: 'Blog', url: 'https://blog.example.com', check_interval: 300, timeout: BULK_UPLOAD.defaults.timeout, slow_threshold: 5 },
    ]);
  });

  it('drops a UTF-8 BOM and reads CRLF line ends', () => {
    const result = parsed(`\uFEFF${HEADER}\r\nShop,https://shop.example.com,300,30\r\nBlog,blog.example.com,300,30\r\n`);
    expect(result.errors).toEqual([]);
    expect(result.rows.map((row) => [row.line, row.input.name, row.input.url])).toEqual([
      [2, 'Shop', 'https://shop.example.com'],
      [3, 'Blog', 'https://blog.example.com'],
    ]);
  });

  it('reads a file with old Mac CR line ends and no final line end', () => {
    const result = parsed(`${HEADER}\rShop,https://shop.example.com,300,30`);
    expect(result.rows).toEqual([{ line: 2, input: expect.objectContaining({ name: 'Shop' }) }]);
  });

  it('reads quoted values with commas, doubled quotes and line breaks, keeping later row numbers right', () => {
    const text = [
      HEADER,
      '"Shop, EU","https://shop.example.com/?a=1,2",300,30',
      '"The ""best"" blog",https://blog.example.com,300,30',
      '"Two',
      'lines",not a url,300,30',
      'After,ftp://example.com,300,30',
    ].join('\r\n');
    const result = parsed(text);
    expect(result.rows.map((row) => [row.line, row.input.name, row.input.url])).toEqual([
      [2, 'Shop, EU', 'https://shop.example.com/?a=1,2'],
      [3, 'The "best" blog', 'https://blog.example.com'],
    ]);
    // A quoted line break is read as part of the value, and a name may not hold one (docs/security.md "Names hold no control characters").
    expect(result.errors.map(formatRowError)).toEqual([`Row 4: ${NAME_CONTROL_CHARACTERS_TEXT}. ${TEXT.invalidUrl}`, `Row 6: ${TEXT.invalidUrl}`]);
  });

  it('keeps a quote inside an unquoted value as it is', () => {
    expect(parsed(`${HEADER}\nJoe's "shop",https://shop.example.com,300,30\n`).rows[0]?.input.name).toBe('Joe\'s "shop"');
  });

  it('skips blank lines and lines of empty values, without counting them, and trims values', () => {
    const result = parsed(`${HEADER}\n\n  Shop ,  https://shop.example.com , 300 , 30 \n,,,\n   \nBlog,https://blog.example.com,,\n\n`);
    expect(result.total).toBe(2);
    expect(result.rows.map((row) => [row.line, row.input.name, row.input.url, row.input.check_interval])).toEqual([
      [3, 'Shop', 'https://shop.example.com', 300],
      [6, 'Blog', 'https://blog.example.com', 300],
    ]);
  });

  it('prepends https:// to a url given without a scheme', () => {
    const result = parsed(`${HEADER}\nShop,shop.example.com/health,300,30\nApi,api.example.com:8443,300,30\nPlain,http://plain.example.com,300,30\n`);
    expect(result.rows.map((row) => row.input.url)).toEqual([
      'https://shop.example.com/health',
      'https://api.example.com:8443',
      'http://plain.example.com',
    ]);
  });

  it.each([
    ['an empty name', ',https://shop.example.com,300,30', 'Monitor name is required'],
    ['a name over 100 characters', `${'x'.repeat(101)},https://shop.example.com,300,30`, 'Monitor name is too long (100 characters at most)'],
    ['an empty url', 'Shop,,300,30', TEXT.invalidUrl],
    ['a url that is no URL', 'Shop,not a url,300,30', TEXT.invalidUrl],
    ['a non-http scheme', 'Shop,ftp://example.com,300,30', TEXT.invalidUrl],
    ['a word for the interval', 'Shop,https://shop.example.com,often,30', 'Check interval must be a number of seconds'],
    ['an interval under 30 s', 'Shop,https://shop.example.com,10,5', 'Check interval must be at least 30 seconds'],
    ['an interval over an hour', 'Shop,https://shop.example.com,7200,30', 'Check interval must be at most 3600 seconds'],
    ['a fractional interval', 'Shop,https://shop.example.com,300.5,30', 'Check interval must be a whole number of seconds'],
    ['a timeout under 5 s', 'Shop,https://shop.example.com,300,3', 'Timeout must be at least 5 seconds'],
    ['a timeout over 300 s', 'Shop,https://shop.example.com,3600,301', 'Timeout must be at most 300 seconds'],
    ['a word for the timeout', 'Shop,https://shop.example.com,300,soon', 'Timeout must be a number of seconds'],
    ['a timeout longer than the interval', 'Shop,https://shop.example.com,60,90', TIMEOUT_OVER_INTERVAL],
  ])('refuses a row with %s, with the single create form message', (_case, row, message) => {
    expect(errorsOf(`${HEADER}\nGood,https://good.example.com,300,30\n${row}\n`)).toEqual([`Row 3: ${message}`]);
  });

  it('names every problem of a row in one error', () => {
    expect(errorsOf(`${HEADER}\n,not a url,10,5\n`)).toEqual([
      `Row 2: Monitor name is required. ${TEXT.invalidUrl}. Check interval must be at least 30 seconds`,
    ]);
  });

  it('finds columns by header name, in any order and spelling, and defaults the ones left out', () => {
    const result = parsed('URL, Name ,Check Interval\nhttps://shop.example.com,Shop,600\n');
    expect(result.rows).toEqual([{ line: 2, input: { name: 'Shop', url: 'https://shop.example.com', check_interval: 600, timeout: 30, slow_threshold: 5 } }]);
  });

  it('accepts empty trailing values and empty header cells, but not a value in a column the header does not name', () => {
    const result = parsed(`${HEADER},,\nShop,https://shop.example.com,300,30,,\nBlog,https://blog.example.com,300,30,,oops\nWiki,https://wiki.example.com,300,30,x\n`);
    expect(result.rows.map((row) => row.input.name)).toEqual(['Shop']);
    expect(result.errors.map(formatRowError)).toEqual([
      'Row 3: There is a value in column 6, which the header row does not name',
      'Row 4: There is a value in column 5, which the header row does not name',
    ]);
  });

  it('reads a file that is not UTF-8 as Windows-1252 (Excel)', () => {
    const bytes = Uint8Array.from([...csv(`${HEADER}\nCaf`), 0xe9, ...csv(',https://cafe.example.com,300,30\n')]);
    expect(parseMonitorCsv(bytes).rows[0]?.input.name).toBe('Café');
  });

  it.each([
    ['a zip (an .xlsx workbook)', [0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x06, 0x00]],
    ['a PNG image', [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d]],
    ['UTF-16 text', [0xff, 0xfe, 0x6e, 0x00, 0x61, 0x00]],
    ['control characters', [0x6e, 0x61, 0x01, 0x02, 0x03]],
  ])('refuses %s as "This is not a CSV file" before reading rows', (_case, start) => {
    // Followed by an unclosed quote: the answer must not be a quoting hint.
    const bytes = Uint8Array.from([...start, ...csv(`${HEADER}\n"Shop,https://shop.example.com,300,30\n`)]);
    expect(isBinaryFile(bytes)).toBe(true);
    expect(refusal(bytes)).toMatchObject({ status: 400, code: 'VALIDATION_FAILED', detail: CSV_FILE_ERRORS.notCsv });
    expect(CSV_FILE_ERRORS.notCsv).toMatch(/^This is not a CSV file/);
  });

  it('takes tabs, CRLF, a form feed, the DOS end-of-file mark and Windows-1252 bytes as text', () => {
    expect(isBinaryFile(Uint8Array.from([...csv(`${HEADER}\r\nCaf`), 0xe9, ...csv('\t,x\f\n'), 0x1a]))).toBe(false);
  });

  it('marks the rows whose url got https://, and only those', () => {
    const result = parsed(`${HEADER}\nShop,shop.example.com,300,30\nBlog,https://blog.example.com,300,30\nCdn,//cdn.example.com,300,30\n`);
    expect(result.rows.map((row) => [row.line, row.input.url, row.schemeAdded ?? false])).toEqual([
      [2, 'https://shop.example.com', true],
      [3, 'https://blog.example.com', false],
      [4, 'https://cdn.example.com', true],
    ]);
  });

  it('takes 500 rows and refuses a file of 501 as a whole', () => {
    const rows = (count: number) =>
      [HEADER, ...Array.from({ length: count }, (_, i) => `Site ${i},https://site${i}.example.com,300,30`)].join('\n');
    expect(parsed(rows(BULK_UPLOAD.maxRows)).rows).toHaveLength(500);
    expect(refusal(rows(501))).toMatchObject({
      status: 400,
      code: 'VALIDATION_FAILED',
      detail: 'The CSV file has 501 monitor rows: upload at most 500 at a time',
    });
  });

  it.each([
    ['an empty file', ''],
    ['a file of a BOM alone', '\uFEFF'],
    ['a file of blank lines', '\n\r\n  \n'],
  ])('refuses %s as empty', (_case, text) => {
    expect(refusal(text)).toMatchObject({ status: 400, detail: CSV_FILE_ERRORS.empty });
  });

  it('refuses a file without a header row, naming the header it needs', () => {
    expect(refusal('Shop,https://shop.example.com,300,30\n')).toMatchObject({
      status: 400,
      detail: 'The CSV file must start with the header row name,url,check_interval,timeout',
    });
    expect(refusal('name,check_interval\nShop,300\n')).toMatchObject({ detail: CSV_FILE_ERRORS.noHeader });
  });

  it('refuses a header with an unknown or a repeated column', () => {
    expect(refusal('name,url,user_email\nShop,https://shop.example.com,a@example.com\n')).toMatchObject({
      status: 400,
      detail: 'Unknown column "user_email" in the header row: the columns are name, url, check_interval and timeout',
    });
    expect(refusal('name,url,URL\nShop,https://a.example.com,https://b.example.com\n')).toMatchObject({
      detail: 'The column "url" appears twice in the header row',
    });
  });

  it('refuses a header without rows below it', () => {
    expect(refusal(`${HEADER}\n\n`)).toMatchObject({ status: 400, detail: 'The CSV file has no monitors below the header row' });
  });

  it('refuses a file whose quoted value is never closed, naming the line it starts on', () => {
    expect(refusal(`${HEADER}\nShop,https://shop.example.com,300,30\n"Blog,https://blog.example.com,300,30\n`)).toMatchObject({
      status: 400,
      detail: 'The CSV file could not be read: the quoted value that starts on line 3 is never closed',
    });
  });

  it('refuses a file with text after a closing quote, naming the line', () => {
    expect(refusal(`${HEADER}\nShop,https://shop.example.com,300,30\n"Blog" EU,https://blog.example.com,300,30\n`)).toMatchObject({
      status: 400,
      detail: 'The CSV file could not be read near line 3: check its quotes and commas',
    });
  });
});

describe('isCsvFileName', () => {
  it.each([
    ['monitors.csv', true],
    ['DATA.CSV', true],
    ['my monitors (2).Csv', true],
    ['monitors.txt', false],
    ['monitors.csv.xlsx', false],
    ['csv', false],
    ['', false],
  ])('%s -> %s', (name, expected) => {
    expect(isCsvFileName(name)).toBe(expected);
  });
});

describe('withDefaultScheme', () => {
  it.each([
    ['example.com', 'https://example.com'],
    ['  www.example.com/path?q=a:b ', 'https://www.example.com/path?q=a:b'],
    ['localhost:8080', 'https://localhost:8080'],
    ['//cdn.example.com', 'https://cdn.example.com'],
    ['http://example.com', 'http://example.com'],
    ['HTTPS://example.com', 'HTTPS://example.com'],
    ['ftp://example.com', 'ftp://example.com'],
    ['mailto:ops@example.com', 'mailto:ops@example.com'],
    ['', ''],
  ])('%s -> %s', (url, expected) => {
    expect(withDefaultScheme(url)).toBe(expected);
  });
});

describe('one address rule for the form, the API and the CSV', () => {
  it.each(['shop.example.com', '  shop.example.com/a?b=c ', '//shop.example.com', 'localhost:8080'])(
    'the create and update schemas store %j as the CSV upload does',
    (url) => {
      const fromCsv = parsed(`${HEADER}\nShop,"${url}",300,30\n`).rows[0]?.input.url;
      const created = CreateMonitorInput.parse({ name: 'Shop', url });
      const updated = UpdateMonitorInput.parse({ url });
      expect(fromCsv).toBe(withDefaultScheme(url));
      expect(created.url).toBe(fromCsv);
      expect(updated.url).toBe(fromCsv);
    },
  );

  it('says what the form will check and which upload rows got https://', () => {
    expect(addsDefaultScheme('example.com')).toBe(true);
    expect(addsDefaultScheme('http://example.com')).toBe(false);
    expect(addsDefaultScheme('  ')).toBe(false);
    expect(willCheckText(' example.com ')).toBe("We'll check https://example.com");
    expect(httpsAddedText([2])).toBe('https:// was added to the address in row 2.');
    expect(httpsAddedText([2, 5, 9])).toBe('https:// was added to the address in rows 2, 5 and 9.');
  });
});

describe('applyPlanLimits', () => {
  const row = (line: number, check_interval = 300): CsvRow => ({
    line,
    input: { name: `Site ${line}`, url: `https://site${line}.example.com`, check_interval, timeout: 30, slow_threshold: 5 },
  });
  const limit = (plan: string, monitors: string) =>
    `Monitor limit reached: your ${plan} plan allows ${monitors}. Upgrade your plan to add more.`;

  it('accepts as many rows as the free cap leaves and refuses the rest, naming the limit and the plan', () => {
    expect(applyPlanLimits([row(2), row(3), row(4)], TIERS.free, 0)).toEqual({
      accepted: [row(2)],
      refused: [
        { line: 3, message: limit('Free', '1 monitor') },
        { line: 4, message: limit('Free', '1 monitor') },
      ],
    });
  });

  it("refuses intervals under the plan's floor without using up places", () => {
    const result = applyPlanLimits([row(2, 60), row(3, 300)], TIERS.free, 0);
    expect(result.accepted).toEqual([row(3, 300)]);
    expect(result.refused).toEqual([
      { line: 2, message: 'The Free plan checks at most every 5 minutes. Choose a longer interval or upgrade your plan.' },
    ]);
  });

  it('counts the monitors the user already has', () => {
    const result = applyPlanLimits([row(2), row(3), row(4)], TIERS.pro, 8);
    expect(result.accepted.map((accepted) => accepted.line)).toEqual([2, 3]);
    expect(result.refused).toEqual([{ line: 4, message: limit('Pro', '10 monitors') }]);
  });

  it('refuses every row when the user is already over the cap (after a downgrade)', () => {
    expect(applyPlanLimits([row(2)], TIERS.free, 3)).toEqual({ accepted: [], refused: [{ line: 2, message: limit('Free', '1 monitor') }] });
  });
});
