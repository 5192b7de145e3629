/**
 * A response body as text, decoded the way a current browser decodes it (docs/checks.md "Character
 * sets"), so a keyword matches a page in Latin-1, Shift_JIS or any encoding the page declares, not
 * only UTF-8. The order is the WHATWG Encoding standard's, in short:
 *
 * 1. a byte order mark (UTF-8, UTF-16LE, UTF-16BE) wins;
 * 2. else the `charset` of the Content-Type header;
 * 3. else, for an HTML page (or one without a Content-Type), a `<meta charset>` or
 *    `<meta http-equiv="Content-Type" content="...; charset=...">` in its first 1024 bytes;
 * 4. else UTF-8, what a check always assumed.
 *
 * JSON is UTF-8 whatever its header says (RFC 8259, and what a browser's `Response.json()` reads).
 *
 * A label TextDecoder does not know is skipped as browsers skip it; a page that declares UTF-16 in
 * a meta tag is read as UTF-8 (its meta tag could not have been read otherwise: the standard's rule).
 */

/** How far into the page a browser looks for a meta charset (the HTML standard's prescan). */
export const META_PRESCAN_BYTES = 1024;

export interface DecodedBody {
  text: string;
  /** The encoding used, by its WHATWG name (`utf-8`, `shift_jis`, `windows-1252`, ...). */
  encoding: string;
}

const decoderFor = (label: string | undefined | null): TextDecoder | null => {
  if (!label) return null;
  try {
    return new TextDecoder(label.trim().replace(/^["']|["']$/g, ''));
  } catch {
    return null;
  }
};

const bomEncoding = (body: Buffer): { encoding: string; skip: number } | null => {
  if (body[0] === 0xef && body[1] === 0xbb && body[2] === 0xbf) return { encoding: 'utf-8', skip: 3 };
  if (body[0] === 0xff && body[1] === 0xfe) return { encoding: 'utf-16le', skip: 2 };
  if (body[0] === 0xfe && body[1] === 0xff) return { encoding: 'utf-16be', skip: 2 };
  return null;
};

/** The `charset` parameter of a Content-Type value, if any. */
export const charsetOfContentType = (contentType: string | undefined): string | null => {
  const match = /;\s*charset\s*=\s*("[^"]*"|[^;\s]*)/i.exec(contentType ?? '');
  return match?.[1] ? match[1].replace(/"/g, '') : null;
};

const isJson = (contentType: string | undefined): boolean => {
  const type = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  return type === 'application/json' || type.endsWith('+json');
};

const isHtml = (contentType: string | undefined): boolean => {
  if (!contentType) return true;
  const type = contentType.split(';')[0]!.trim().toLowerCase();
  return type === 'text/html' || type === 'application/xhtml+xml';
};

/**
 * The charset a page's `<meta>` declares in its first 1024 bytes. The prescan reads those bytes as
 * ASCII (every encoding a page may declare this way writes its tags in ASCII), skipping comments.
 */
export const metaCharset = (body: Buffer): string | null => {
  const head = body.subarray(0, META_PRESCAN_BYTES).toString('latin1').replace(/<!--[\s\S]*?-->/g, '');
  for (const [tag] of head.matchAll(/<meta\b[^>]*>/gi)) {
    const direct = /\bcharset\s*=\s*["']?\s*([^"'\s/>;]+)/i.exec(tag);
    if (direct && !/\bcontent\s*=/i.test(tag)) return direct[1]!;
    if (/\bhttp-equiv\s*=\s*["']?content-type/i.test(tag)) {
      const content = /\bcontent\s*=\s*("[^"]*"|'[^']*'|[^\s>]+)/i.exec(tag)?.[1]?.replace(/^["']|["']$/g, '');
      const charset = charsetOfContentType(content);
      if (charset) return charset;
    }
  }
  return null;
};

/** The body as a browser would read it, with the encoding it chose. */
export const decodeBody = (body: Buffer, contentType: string | undefined): DecodedBody => {
  const bom = bomEncoding(body);
  if (bom) return { text: new TextDecoder(bom.encoding).decode(body.subarray(bom.skip)), encoding: bom.encoding };
  if (isJson(contentType)) return { text: body.toString('utf8'), encoding: 'utf-8' };
  const declared = decoderFor(charsetOfContentType(contentType));
  if (declared) return { text: declared.decode(body), encoding: declared.encoding };
  if (isHtml(contentType)) {
    const meta = decoderFor(metaCharset(body));
    if (meta) {
      const decoder = meta.encoding.startsWith('utf-16') ? new TextDecoder('utf-8') : meta;
      return { text: decoder.decode(body), encoding: decoder.encoding };
    }
  }
  return { text: body.toString('utf8'), encoding: 'utf-8' };
};
