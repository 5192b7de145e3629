import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pickEncoding, serveStatic } from '../../../infra/local/static-files.js';

const get = (port: number, pathname: string, acceptEncoding?: string) =>
  new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    http
      .get({ port, path: pathname, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });

describe('serveStatic compression (as CloudFront compresses)', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'upwatch-static-'));
  const script = `export const hello = ${JSON.stringify('x'.repeat(5000))};\n`;
  let server: http.Server;
  let port: number;

  beforeAll(async () => {
    fs.mkdirSync(path.join(root, 'assets'));
    fs.writeFileSync(path.join(root, 'index.html'), '<!doctype html><title>Upwatch</title>');
    fs.writeFileSync(path.join(root, 'assets', 'app-abc123.js'), script);
    fs.writeFileSync(path.join(root, 'assets', 'logo.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
    server = http.createServer((request, response) =>
      serveStatic(root, new URL(request.url ?? '/', 'http://x').pathname, response, { acceptEncoding: request.headers['accept-encoding'] }),
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });

  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('answers Brotli to a browser that takes it, and the bytes decode to the file', async () => {
    const { headers, body } = await get(port, '/assets/app-abc123.js', 'gzip, deflate, br');
    expect(headers['content-encoding']).toBe('br');
    expect(headers.vary).toBe('accept-encoding');
    expect(headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(body.length).toBeLessThan(script.length / 10);
    expect(zlib.brotliDecompressSync(body).toString()).toBe(script);
  });

  it('answers gzip when Brotli is not accepted, and the SPA fallback too', async () => {
    const { headers, body } = await get(port, '/app/dashboard', 'gzip');
    expect(headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(body).toString()).toContain('<title>Upwatch</title>');
  });

  it('sends the file as it is without Accept-Encoding, and never compresses images', async () => {
    expect((await get(port, '/assets/app-abc123.js')).body.toString()).toBe(script);
    const image = await get(port, '/assets/logo.png', 'br');
    expect(image.headers['content-encoding']).toBeUndefined();
  });

  it('picks the encoding as CloudFront does, honouring q=0', () => {
    expect(pickEncoding('gzip, br')).toBe('br');
    expect(pickEncoding('br;q=0, gzip')).toBe('gzip');
    expect(pickEncoding('identity')).toBeNull();
    expect(pickEncoding(undefined)).toBeNull();
  });
});

describe('serveStatic with prerendered pages (as the CloudFront Function picks the object)', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'upwatch-static-pages-'));
  let server: http.Server;
  let port: number;

  beforeAll(async () => {
    fs.writeFileSync(path.join(root, 'index.html'), '<!doctype html><title>Landing</title>');
    fs.writeFileSync(path.join(root, 'spa.html'), '<!doctype html><title>Shell</title>');
    fs.mkdirSync(path.join(root, 'pricing'));
    fs.writeFileSync(path.join(root, 'pricing', 'index.html'), '<!doctype html><title>Pricing</title>');
    fs.writeFileSync(path.join(root, 'robots.txt'), 'User-agent: *\n');
    fs.writeFileSync(path.join(root, 'sitemap.xml'), '<?xml version="1.0"?><urlset/>');
    server = http.createServer((request, response) => serveStatic(root, new URL(request.url ?? '/', 'http://x').pathname, response));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });

  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('answers a public page from its prerendered HTML, with or without the trailing slash', async () => {
    expect((await get(port, '/')).body.toString()).toContain('<title>Landing</title>');
    expect((await get(port, '/pricing')).body.toString()).toContain('<title>Pricing</title>');
    expect((await get(port, '/pricing/')).body.toString()).toContain('<title>Pricing</title>');
  });

  it('answers client routes with the SPA shell, not the landing page', async () => {
    for (const route of ['/app/dashboard', '/login', '/pricing/extra']) {
      const { headers, body } = await get(port, route);
      expect(headers['content-type'], route).toBe('text/html; charset=utf-8');
      expect(body.toString(), route).toContain('<title>Shell</title>');
    }
  });

  it('answers robots.txt and sitemap.xml themselves, with their content types', async () => {
    const robots = await get(port, '/robots.txt');
    expect(robots.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(robots.body.toString()).toBe('User-agent: *\n');
    const sitemap = await get(port, '/sitemap.xml');
    expect(sitemap.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(sitemap.body.toString()).toContain('<urlset/>');
  });

  it('never serves a page from outside the build', async () => {
    expect((await get(port, '/..%2f..%2fetc')).body.toString()).toContain('<title>Shell</title>');
  });
});
