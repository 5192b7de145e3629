import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { api } from '../../../frontend/src/lib/api-client';
import { json, loadTestConfig } from './client-fixtures';

describe('api client file uploads', () => {
  beforeAll(() => loadTestConfig('http://api.test'));

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('sends a FormData body as it is, leaving the multipart content type to the browser', async () => {
    const fetchMock = vi.fn().mockResolvedValue(json(200, { total_processed: 0 }));
    vi.stubGlobal('fetch', fetchMock);
    const form = new FormData();
    form.append('file', new Blob(['name,url\n'], { type: 'text/csv' }), 'monitors.csv');
    await api.post('/api/monitors/bulk-upload', form, { auth: false });
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('http://api.test/api/monitors/bulk-upload');
    expect(init.body).toBe(form);
    expect((init.headers as Record<string, string>)['Content-Type']).toBeUndefined();
  });

  it('still sends other bodies as JSON', async () => {
    const fetchMock = vi.fn().mockResolvedValue(json(200, {}));
    vi.stubGlobal('fetch', fetchMock);
    await api.put('/api/monitors/01HZY', { status: 'paused' }, { auth: false });
    const [, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(init.body).toBe('{"status":"paused"}');
    expect((init.headers as Record<string, string>)['Content-Type']).toBe('application/json');
  });
});
