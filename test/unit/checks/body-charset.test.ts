import { describe, expect, it } from 'vitest';
import { charsetOfContentType, decodeBody, metaCharset } from '../../../functions/checks/body-charset.js';

// docs/checks.md "Character sets": the encoding a browser would pick, in the browser's order.

const latin1 = (text: string) => Buffer.from(text, 'latin1');

describe('decodeBody', () => {
  it('uses the Content-Type charset, with or without quotes', () => {
    expect(charsetOfContentType('text/html; charset="ISO-8859-1"')).toBe('ISO-8859-1');
    expect(decodeBody(latin1('caf\u00e9'), 'text/plain; charset=latin1')).toEqual({ text: 'café', encoding: 'windows-1252' });
  });

  it('finds <meta charset> and <meta http-equiv> in the first 1024 bytes, not in a comment or later', () => {
    expect(metaCharset(latin1('<head><meta charset=windows-1252>'))).toBe('windows-1252');
    expect(metaCharset(latin1('<meta http-equiv="content-type" content="text/html;charset=euc-jp">'))).toBe('euc-jp');
    expect(metaCharset(latin1('<!-- <meta charset="koi8-r"> --><p>'))).toBeNull();
    expect(metaCharset(latin1(`${' '.repeat(1100)}<meta charset="koi8-r">`))).toBeNull();
  });

  it('the header wins over the meta tag, a byte order mark over both', () => {
    const page = latin1('<meta charset="iso-8859-1"><p>caf\u00e9</p>');
    expect(decodeBody(page, 'text/html; charset=utf-8').encoding).toBe('utf-8');
    expect(decodeBody(page, 'text/html').encoding).toBe('windows-1252');
    const withBom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('<meta charset="iso-8859-1">café')]);
    expect(decodeBody(withBom, 'text/html; charset=iso-8859-1')).toMatchObject({ encoding: 'utf-8', text: '<meta charset="iso-8859-1">café' });
  });

  it('an unknown label is skipped, a meta UTF-16 is read as UTF-8, and the default stays UTF-8', () => {
    expect(decodeBody(Buffer.from('café'), 'text/html; charset=no-such-charset')).toEqual({ text: 'café', encoding: 'utf-8' });
    expect(decodeBody(Buffer.from('<meta charset="utf-16">café'), 'text/html').encoding).toBe('utf-8');
    expect(decodeBody(Buffer.from('{"name":"café"}'), 'application/json')).toEqual({ text: '{"name":"café"}', encoding: 'utf-8' });
  });

  it('JSON is UTF-8 whatever its header says, as a browser reads it', () => {
    expect(decodeBody(Buffer.from('{"city":"Zürich"}'), 'application/json; charset=iso-8859-1')).toEqual({ text: '{"city":"Zürich"}', encoding: 'utf-8' });
    expect(decodeBody(Buffer.from('{"a":"é"}'), 'application/problem+json; charset=latin1').encoding).toBe('utf-8');
  });

  it('a meta tag in a body that is not HTML is not a declaration', () => {
    expect(decodeBody(latin1('<meta charset="iso-8859-1">'), 'application/json').encoding).toBe('utf-8');
  });
});
