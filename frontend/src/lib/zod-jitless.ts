/**
 * zod for the SPA (frontend/vite.config.ts points `zod` here): the same API, with its just-in-time
 * compiled parsers off. zod probes for them with `new Function`, which the site's
 * Content-Security-Policy (no 'unsafe-eval', docs/security.md) refuses and the browser reports as
 * a violation on every page that parses anything (docs/performance-web.md "Public pages: prerendered, robots.txt and sitemap.xml").
 */
import { config } from 'zod/v4';

config({ jitless: true });

export * from 'zod/v4';
