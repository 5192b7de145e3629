import { describe, expect, it } from 'vitest';
import { readMultipartFile } from '../../../functions/http/multipart-file.js';
import type { ApiEvent } from '../../../functions/http/responses.js';
import { sampleEvent } from './sample-events.js';

const MAX = 1024;
const read = (event: ApiEvent) => readMultipartFile(event, { field: 'file', maxBytes: MAX });

/** The event API Gateway builds for a browser's FormData upload: the body base64-encoded. */
const formEvent = async (form: FormData): Promise<ApiEvent> => {
  const request = new Request('https://api.upwatch.example/api/monitors/bulk-upload', { method: 'POST', body: form });
  const body = Buffer.from(await request.arrayBuffer());
  return sampleEvent('bulk-upload-monitors', {
    headers: { 'content-type': request.headers.get('content-type')! },
    body: body.toString('base64'),
    isBase64Encoded: true,
  });
};

const withFile = (content: string | Uint8Array<ArrayBuffer>, filename = 'monitors.csv', field = 'file'): FormData => {
  const form = new FormData();
  form.append(field, new Blob([content], { type: 'text/csv' }), filename);
  return form;
};

const failure = async (event: ApiEvent) => read(event).then(
  () => {
    throw new Error('expected a refusal');
  },
  (error: unknown) => error,
);

describe('readMultipartFile', () => {
  it('returns the file of the field with its name and type', async () => {
    const file = await read(await formEvent(withFile('name,url\nShop,shop.example.com\n', 'my monitors.csv')));
    expect(file).toEqual({
      filename: 'my monitors.csv',
      mimeType: 'text/csv',
      content: Buffer.from('name,url\nShop,shop.example.com\n'),
    });
  });

  it('reads the sample event (a file sent by a browser through API Gateway)', async () => {
    const file = await read(sampleEvent('bulk-upload-monitors'));
    expect(file?.filename).toBe('monitors.csv');
    expect(file?.content.toString('utf8')).toMatch(/^name,url,check_interval,timeout\r\n/);
  });

  it('keeps the bytes as sent (BOM, non-UTF-8) and decodes a UTF-8 file name', async () => {
    const bytes = Uint8Array.from([0xef, 0xbb, 0xbf, 0x41, 0xe9, 0x0d, 0x0a]);
    const file = await read(await formEvent(withFile(bytes, 'müller.csv')));
    expect(file?.filename).toBe('müller.csv');
    expect([...file!.content]).toEqual([...bytes]);
  });

  it('takes a file of exactly the limit and refuses one byte more with 413', async () => {
    expect((await read(await formEvent(withFile('x'.repeat(MAX)))))?.content.byteLength).toBe(MAX);
    expect(await failure(await formEvent(withFile('x'.repeat(MAX + 1))))).toMatchObject({
      status: 413,
      code: 'PAYLOAD_TOO_LARGE',
      detail: 'The file is too large (1 KiB at most)',
    });
  });

  it('refuses a body far over the limit before parsing it', async () => {
    const event = await formEvent(withFile('x'.repeat(100 * 1024)));
    expect(await failure(event)).toMatchObject({ status: 413, code: 'PAYLOAD_TOO_LARGE' });
  });

  it('answers null when there is no body, or the form has no file in the field', async () => {
    expect(await read(sampleEvent('bulk-upload-monitors', { body: undefined, isBase64Encoded: false }))).toBeNull();
    expect(await read(await formEvent(new FormData()))).toBeNull();
    const textField = new FormData();
    textField.append('file', 'name,url');
    expect(await read(await formEvent(textField))).toBeNull();
    expect(await read(await formEvent(withFile('name,url', 'monitors.csv', 'upload')))).toBeNull();
  });

  it('takes the first file when the field holds several, skipping other parts', async () => {
    const form = new FormData();
    form.append('note', 'hello');
    form.append('other', new Blob(['ignored']), 'other.csv');
    form.append('file', new Blob(['first']), 'first.csv');
    form.append('file', new Blob(['second']), 'second.csv');
    expect((await read(await formEvent(form)))?.filename).toBe('first.csv');
  });

  it('reads a multipart body that arrives as plain text (a hand-written event)', async () => {
    const boundary = 'b0undary';
    const body = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\n\r\nname,url\r\n--${boundary}--\r\n`;
    const event = sampleEvent('bulk-upload-monitors', {
      headers: { 'Content-Type': `multipart/form-data; boundary=${boundary}` },
      body,
      isBase64Encoded: false,
    });
    expect((await read(event))?.content.toString()).toBe('name,url');
  });

  it.each([
    ['JSON', 'application/json'],
    ['a CSV body without a form', 'text/csv'],
    ['no content type', undefined],
  ])('refuses %s with 415', async (_case, contentType) => {
    const event = sampleEvent('bulk-upload-monitors', {
      headers: contentType ? { 'content-type': contentType } : {},
      body: '{"file":"x"}',
      isBase64Encoded: false,
    });
    expect(await failure(event)).toMatchObject({
      status: 415,
      code: 'UNSUPPORTED_MEDIA_TYPE',
      detail: 'The file must be sent as multipart/form-data',
    });
  });

  it.each([
    ['a boundary missing from the content type', 'multipart/form-data; charset=utf-8', 'x'],
    ['a body cut short', 'multipart/form-data; boundary=abc', '--abc\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\n\r\nname'],
  ])('refuses %s with 400', async (_case, contentType, body) => {
    const event = sampleEvent('bulk-upload-monitors', { headers: { 'content-type': contentType }, body, isBase64Encoded: false });
    expect(await failure(event)).toMatchObject({
      status: 400,
      code: 'VALIDATION_FAILED',
      detail: 'The upload could not be read: the multipart/form-data body is malformed',
    });
  });
});
