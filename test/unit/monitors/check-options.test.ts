import { describe, expect, it } from 'vitest';
import { parseMonitorCsv } from '../../../functions/services/monitors/bulk-upload-rows.js';
import { parseJsonPath, valueAtPath } from '../../../shared/checks/json-path.js';
import { mergeCheckOptions, withSealedSecrets } from '../../../shared/monitors/check-option-merge.js';
import { checkOptionsProblem, effectiveSlowThresholdMs } from '../../../shared/monitors/check-option-rules.js';
import { checkOptionsView, SECRET_MASK, type CheckOptions } from '../../../shared/monitors/check-options.js';
import { parseStatusCodes, statusAccepted } from '../../../shared/monitors/status-codes.js';

// The pure side of request options and assertions (docs/checks.md): parsing, merging an update
// into the stored options (secrets kept unless replaced), the rules between fields, CSV columns.

describe('expected status codes', () => {
  it('reads codes and ranges; without a list 200-399 is accepted', () => {
    expect(parseStatusCodes('200-299, 301')).toEqual({ ok: true, ranges: [[200, 299], [301, 301]] });
    expect(statusAccepted(302, null)).toBe(true);
    expect(statusAccepted(404, null)).toBe(false);
    expect(statusAccepted(404, '200,404')).toBe(true);
    expect(parseStatusCodes('2xx')).toMatchObject({ ok: false });
  });
});

describe('JSON path', () => {
  it('names one value, with or without $', () => {
    const document = { data: { items: [{ id: 7 }] }, 'odd key': true };
    expect(valueAtPath(document, parseJsonPath('$.data.items[0].id')!)).toBe(7);
    expect(valueAtPath(document, parseJsonPath('data.items[0]')!)).toEqual({ id: 7 });
    expect(valueAtPath(document, parseJsonPath("$['odd key']")!)).toBe(true);
    expect(valueAtPath(document, parseJsonPath('$.data.missing')!)).toBeUndefined();
    expect(parseJsonPath('$..items[*]')).toBeNull();
  });
});

describe('mergeCheckOptions', () => {
  const stored: CheckOptions = {
    method: 'POST',
    body: '{}',
    headers: [
      { name: 'X-Api-Key', sealed: 'uw1.l.sealed-key' },
      { name: 'Accept', value: 'application/json' },
    ],
    basic_auth: { username: 'ada', password_sealed: 'uw1.l.sealed-password' },
    keyword: 'ok',
  };

  it('keeps what an update leaves out, clears what it sets to null', () => {
    const merged = mergeCheckOptions(stored, { keyword: null, expected_status_codes: '200' });
    expect(merged).toEqual({ options: { ...stored, keyword: undefined, expected_status_codes: '200' }, newSecrets: [] });
    expect('options' in merged && 'keyword' in merged.options).toBe(false);
  });

  it('keeps a secret sent back masked, or a password left out; seals new values', () => {
    const merged = mergeCheckOptions(stored, {
      headers: { 'X-Api-Key': SECRET_MASK, 'X-Other': 'new-secret', Accept: 'text/html' },
      secret_headers: ['X-Other'],
      basic_auth: { username: 'grace' },
    });
    if (!('options' in merged)) throw new Error('refused');
    expect(merged.options.headers).toEqual([
      { name: 'X-Api-Key', sealed: 'uw1.l.sealed-key' },
      { name: 'X-Other', sealed: '' },
      { name: 'Accept', value: 'text/html' },
    ]);
    expect(merged.options.basic_auth).toEqual({ username: 'grace', password_sealed: 'uw1.l.sealed-password' });
    expect(merged.newSecrets).toEqual([{ plain: 'new-secret', target: { header: 1 } }]);
    expect(withSealedSecrets(merged.options, merged.newSecrets, ['uw1.l.other']).headers![1]).toEqual({ name: 'X-Other', sealed: 'uw1.l.other' });
  });

  it('stores no defaults, so a form saved without options leaves a plain check', () => {
    const merged = mergeCheckOptions(undefined, { method: 'GET', follow_redirects: true, keyword_mode: 'present', keyword_case_sensitive: false, headers: null });
    expect(merged).toEqual({ options: {}, newSecrets: [] });
    expect(checkOptionsView({})).toMatchObject({ method: 'GET', follow_redirects: true, headers: {}, secret_headers: [], basic_auth: null });
  });

  it('answers secrets masked', () => {
    expect(checkOptionsView(stored)).toMatchObject({
      headers: { 'X-Api-Key': SECRET_MASK, Accept: 'application/json' },
      secret_headers: ['X-Api-Key'],
      basic_auth: { username: 'ada', has_password: true },
    });
    expect(JSON.stringify(checkOptionsView(stored))).not.toContain('sealed');
  });

  it('refuses a new basic auth without password', () => {
    expect(mergeCheckOptions(undefined, { basic_auth: { username: 'ada' } })).toEqual({
      problem: { field: 'basic_auth', message: 'Basic auth needs a password' },
    });
  });
});

describe('checkOptionsProblem and the slow threshold', () => {
  it('names the first rule broken', () => {
    expect(checkOptionsProblem({ body: 'x' }, 30)?.field).toBe('body');
    expect(checkOptionsProblem({ method: 'HEAD', json_path: '$.a' }, 30)?.field).toBe('json_path');
    expect(checkOptionsProblem({ max_response_time_ms: 30_001 }, 30)?.field).toBe('max_response_time_ms');
    expect(checkOptionsProblem({ method: 'POST', body: 'x'.repeat(2000), headers: [{ name: 'X-A', value: 'v'.repeat(1000) }] }, 30)?.message).toMatch(
      /too large/,
    );
    expect(checkOptionsProblem({ method: 'POST', body: '{}', keyword: 'ok' }, 30)).toBeNull();
  });

  it('max_response_time_ms lowers the slow threshold, never raises it', () => {
    expect(effectiveSlowThresholdMs(5000, { max_response_time_ms: 800 })).toBe(800);
    expect(effectiveSlowThresholdMs(5000, { max_response_time_ms: 9000 })).toBe(5000);
    expect(effectiveSlowThresholdMs(5000, undefined)).toBe(5000);
  });
});

describe('CSV optional columns', () => {
  const csv = (text: string) => parseMonitorCsv(new TextEncoder().encode(text));

  it('reads them by their API names, each row under the same rules', () => {
    const parsed = csv(
      [
        'name,url,keyword,keyword_mode,expected_status_codes,follow_redirects,method,body,max_response_time_ms',
        'Shop,shop.example.com,Welcome,,200-299,no,,,800',
        'API,https://api.example.com,,,,,post,"{""a"":1}",',
        'Bad,https://bad.example.com,,,,,,x,',
        'Worse,https://worse.example.com,,,2xx,,,,',
      ].join('\n'),
    );
    expect(parsed.rows.map((row) => row.options)).toEqual([
      { keyword: 'Welcome', expected_status_codes: '200-299', follow_redirects: false, max_response_time_ms: 800 },
      { method: 'POST', body: '{"a":1}' },
    ]);
    expect(parsed.errors).toEqual([
      { line: 4, message: 'A request body needs method POST, PUT, PATCH, DELETE or OPTIONS' },
      { line: 5, message: 'Expected status codes must be codes or ranges separated by commas, like 200-299,301' },
    ]);
  });

  it('takes no headers or basic auth from files', () => {
    expect(() => csv('name,url,headers\nShop,shop.example.com,x')).toThrow(/Unknown column "headers"/);
  });
});
