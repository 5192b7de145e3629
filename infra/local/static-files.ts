import fs from 'node:fs';
import type { ServerResponse } from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import { LEGACY_SHELL_FILE, prerenderedPageFile, SPA_SHELL_FILE } from '../../shared/web/site-layout.js';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.map': 'application/json',
};

const NOT_BUILT = `<!doctype html><meta charset="utf-8"><title>Upwatch</title>
<p style="font-family:sans-serif">The web app is not built yet. Run <code>npm run build:web</code> and reload.</p>`;

/** Types CloudFront compresses; images and fonts are compressed already. */
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.svg', '.txt', '.xml', '.map']);

export type ContentEncoding = 'br' | 'gzip';

/** The encoding to answer in: Brotli when the browser takes it, else gzip, else none (as CloudFront picks). */
export const pickEncoding = (acceptEncoding: string | undefined): ContentEncoding | null => {
  const accepted = new Set(
    (acceptEncoding ?? '')
      .split(',')
      .map((part) => part.trim().split(';'))
      .filter(([, q]) => !q || Number(q.trim().replace(/^q=/, '')) > 0)
      .map(([name]) => name!.trim().toLowerCase()),
  );
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return null;
};

// Built files do not change while served (a rebuild gives new mtimes): compress each once.
const compressed = new Map<string, Buffer>();

const compressFile = (file: string, encoding: ContentEncoding): Buffer => {
  const key = `${encoding}:${file}:${fs.statSync(file).mtimeMs}`;
  let body = compressed.get(key);
  if (!body) {
    const raw = fs.readFileSync(file);
    body =
      encoding === 'br'
        ? zlib.brotliCompressSync(raw, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length } })
        : zlib.gzipSync(raw, { level: 9 });
    compressed.set(key, body);
  }
  return body;
};

const isFile = (file: string): boolean => fs.existsSync(file) && fs.statSync(file).isFile();

/**
 * The build's file for `pathname`, as the CloudFront Function picks it (infra/constructs/spa-fallback.ts):
 * the file itself; a prerendered page (`/pricing` -> `pricing/index.html`, `/` -> `index.html`);
 * else the SPA shell (`spa.html`, or `index.html` in a build without prerendered pages).
 */
const fileFor = (webRoot: string, pathname: string): string => {
  const resolved = path.resolve(webRoot, `.${decodeURIComponent(pathname)}`);
  const insideRoot = resolved === webRoot || resolved.startsWith(webRoot + path.sep);
  if (insideRoot && isFile(resolved)) return resolved;
  const page = path.join(webRoot, prerenderedPageFile(pathname));
  if (insideRoot && isFile(page)) return page;
  const shell = path.join(webRoot, SPA_SHELL_FILE);
  return isFile(shell) ? shell : path.join(webRoot, LEGACY_SHELL_FILE);
};

/**
 * What CloudFront + S3 do for the SPA: files from the build, a prerendered page's HTML for its
 * address, the SPA shell for every other path (history fallback), hashed assets cached for a year
 * and the HTML never, and text files compressed (Brotli or gzip, by the request's Accept-Encoding)
 * as CloudFront's automatic compression does (docs/performance-web.md).
 */
export const serveStatic = (
  webRoot: string,
  pathname: string,
  response: ServerResponse,
  opts: {
    acceptEncoding?: string;
    /** The web app's Content-Security-Policy (shared/web/content-security-policy.ts), as CloudFront sends it. */
    contentSecurityPolicy?: string;
  } = {},
): void => {
  const file = fileFor(webRoot, pathname);
  if (!fs.existsSync(file)) {
    response.writeHead(503, { 'content-type': 'text/html; charset=utf-8' }).end(NOT_BUILT.replace(' style="font-family:sans-serif"', ''));
    return;
  }
  const hashedAsset = file.includes(`${path.sep}assets${path.sep}`);
  const headers: Record<string, string> = {
    'content-type': CONTENT_TYPES[path.extname(file)] ?? 'application/octet-stream',
    'cache-control': hashedAsset ? 'public, max-age=31536000, immutable' : 'no-cache',
    // CloudFront's response headers policy sends these on every file of the site.
    ...(opts.contentSecurityPolicy ? { 'content-security-policy': opts.contentSecurityPolicy } : {}),
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'strict-origin-when-cross-origin',
  };
  const extension = path.extname(file);
  const encoding = COMPRESSIBLE.has(extension) ? pickEncoding(opts.acceptEncoding) : null;
  if (COMPRESSIBLE.has(extension)) headers.vary = 'accept-encoding';
  if (!encoding) {
    response.writeHead(200, headers);
    fs.createReadStream(file).pipe(response);
    return;
  }
  const body = compressFile(file, encoding);
  response.writeHead(200, { ...headers, 'content-encoding': encoding, 'content-length': String(body.length) });
  response.end(body);
};
