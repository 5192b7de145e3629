import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError, attachmentFileName, download } from '../../../frontend/src/lib/api-client';
import { loadConfig } from '../../../frontend/src/lib/config';

describe('attachmentFileName', () => {
  it('reads the quoted, bare and RFC 5987 encoded forms', () => {
    expect(attachmentFileName('attachment; filename="upwatch-monitors-2025-03-10.json"')).toBe('upwatch-monitors-2025-03-10.json');
    expect(attachmentFileName('attachment; filename=report.json')).toBe('report.json');
    expect(attachmentFileName("attachment; filename*=UTF-8''r%C3%A9sum%C3%A9.json; filename=\"resume.json\"")).toBe('résumé.json');
  });

  it('gives null when there is no header or no name in it', () => {
    expect(attachmentFileName(null)).toBeNull();
    expect(attachmentFileName('inline')).toBeNull();
    expect(attachmentFileName('attachment; filename=""')).toBeNull();
  });
});

describe('download', () => {
  beforeAll(async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn().mockResolvedValue(
        new Response(JSON.stringify({ apiUrl: '', region: 'us-east-1', userPoolId: 'pool', userPoolClientId: 'client', userPoolEndpoint: null })),
      ),
    );
    await loadConfig();
    vi.unstubAllGlobals();
  });

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("returns the file's bytes with the name the server gave it", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn().mockResolvedValue(
        new Response('{"kind":"incidents"}', {
          status: 200,
          headers: { 'content-type': 'application/json', 'content-disposition': 'attachment; filename="upwatch-incidents-2025-03-10.json"' },
        }),
      ),
    );
    const file = await download('/api/export/incidents', { auth: false });
    expect(file.filename).toBe('upwatch-incidents-2025-03-10.json');
    expect(await file.blob.text()).toBe('{"kind":"incidents"}');
  });

  it("turns an error answer into an ApiError with the server's detail", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn().mockResolvedValue(new Response(JSON.stringify({ detail: 'Unknown export kind: choose monitors or incidents', code: 'NOT_FOUND' }), { status: 404 })),
    );
    const error = await download('/api/export/other', { auth: false }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404, detail: 'Unknown export kind: choose monitors or incidents' });
  });
});
