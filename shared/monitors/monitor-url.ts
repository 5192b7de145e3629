/**
 * A monitor address typed without a scheme (docs/product-rules.md "Validation rules"): the form,
 * the API and the CSV upload all take `https://` for it, through this one function, so
 * `example.com` is the same monitor whichever way it came in. The API stores what it returns; the
 * form and the upload result say that https:// was added.
 */
export const DEFAULT_URL_SCHEME = 'https://';

/**
 * `shop.example.com` -> `https://shop.example.com`; `//cdn.example.com` -> `https://cdn.example.com`.
 * Anything that already names a scheme (`http://`, `ftp://`, `mailto:`) is returned trimmed, for
 * the URL rule to take or refuse; `host:8080` is a port, not a scheme. Empty stays empty.
 */
export const withDefaultScheme = (url: string): string => {
  const trimmed = url.trim();
  if (trimmed === '' || /^[a-z][a-z\d+.-]*:(?!\d)/i.test(trimmed)) return trimmed;
  // Protocol-relative ("//host") takes the scheme alone.
  if (trimmed.startsWith('//')) return `${DEFAULT_URL_SCHEME.replace(/\/\/$/, '')}${trimmed}`;
  return `${DEFAULT_URL_SCHEME}${trimmed}`;
};

/** Whether `withDefaultScheme` adds https:// to `url` (what the form and the upload result then say). */
export const addsDefaultScheme = (url: string): boolean => {
  const trimmed = url.trim();
  return trimmed !== '' && withDefaultScheme(trimmed) !== trimmed;
};

/** What the form says under an address typed without a scheme: the address that will be checked. */
export const willCheckText = (url: string): string => `We'll check ${withDefaultScheme(url)}`;

const inWords = (items: readonly string[]): string =>
  items.length < 2 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;

/** The upload result's note on the rows whose address got https://: "https:// was added to the address in rows 2 and 5." */
export const httpsAddedText = (lines: readonly number[]): string =>
  `${DEFAULT_URL_SCHEME} was added to the address in ${lines.length === 1 ? 'row' : 'rows'} ${inWords(lines.map(String))}.`;
