import fs from 'node:fs';
import type { ServerResponse } from 'node:http';
import path from 'node:path';

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
  '.map': 'application/json',
};

const NOT_BUILT = `<!doctype html><meta charset="utf-8"><title>Upwatch</title>
<p style="font-family:sans-serif">The web app is not built yet. Run <code>npm run build:web</code> and reload.</p>`;

/**
 * What CloudFront + S3 do for the SPA: files from the build, `index.html` for every other path
 * (history fallback), hashed assets cached for a year and the HTML never.
 */
export const serveStatic = (
  webRoot: string,
  pathname: string,
  response: ServerResponse,
  /** The web app's Content-Security-Policy (shared/web/content-security-policy.ts), as CloudFront sends it. */
  contentSecurityPolicy?: string,
): void => {
  const resolved = path.resolve(webRoot, `.${decodeURIComponent(pathname)}`);
  const insideRoot = resolved.startsWith(webRoot + path.sep);
  const file =
    insideRoot && fs.existsSync(resolved) && fs.statSync(resolved).isFile() ? resolved : path.join(webRoot, 'index.html');
  if (!fs.existsSync(file)) {
    response.writeHead(503, { 'content-type': 'text/html; charset=utf-8' }).end(NOT_BUILT.replace(' style="font-family:sans-serif"', ''));
    return;
  }
  const hashedAsset = file.includes(`${path.sep}assets${path.sep}`);
  response.writeHead(200, {
    'content-type': CONTENT_TYPES[path.extname(file)] ?? 'application/octet-stream',
    'cache-control': hashedAsset ? 'public, max-age=31536000, immutable' : 'no-cache',
    // CloudFront's response headers policy sends these on every file of the site.
    ...(contentSecurityPolicy ? { 'content-security-policy': contentSecurityPolicy } : {}),
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'strict-origin-when-cross-origin',
  });
  fs.createReadStream(file).pipe(response);
};
