import { describe, expect, it } from 'vitest';
import {
  checkTargetUrl,
  classifyAddress,
  isForbiddenAddress,
  isIpLiteral,
  type AddressClass,
} from '../../../shared/checks/target-address.js';
import { TEXT } from '../../../shared/texts.js';

const STRICT = { allowLoopback: false };
const LOOPBACK_ALLOWED = { allowLoopback: true };

describe('classifyAddress of IPv4 addresses', () => {
  it.each<[string, AddressClass]>([
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['10.0.0.1', 'private'],
    ['10.255.255.255', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['169.254.10.20', 'link_local'],
    ['169.254.169.254', 'metadata'],
    ['100.64.0.1', 'cgnat'],
    ['100.127.255.255', 'cgnat'],
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', 'unspecified'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['255.255.255.255', 'broadcast'],
    ['240.0.0.1', 'reserved'],
    ['192.0.0.192', 'reserved'],
    ['192.0.2.10', 'documentation'],
    ['198.51.100.7', 'documentation'],
    ['203.0.113.99', 'documentation'],
    ['198.18.0.1', 'benchmarking'],
    ['198.19.255.255', 'benchmarking'],
    ['8.8.8.8', 'public'],
    ['93.184.216.34', 'public'],
    ['172.15.255.255', 'public'],
    ['172.32.0.0', 'public'],
    ['100.128.0.0', 'public'],
    ['198.20.0.0', 'public'],
    ['223.255.255.255', 'public'],
  ])('classifies %s as %s', (ip, expected) => {
    expect(classifyAddress(ip)).toBe(expected);
  });

  it.each(['0177.0.0.1', '0x7f.0.0.1', '127.1', '2130706433', '256.1.1.1', '1.2.3', '', 'example.com'])(
    'treats the non-canonical or broken spelling %j as invalid, hence forbidden',
    (text) => {
      expect(classifyAddress(text)).toBe('invalid');
      expect(isForbiddenAddress(text, LOOPBACK_ALLOWED)).toBe(true);
    },
  );
});

describe('classifyAddress of IPv6 addresses', () => {
  it.each<[string, AddressClass]>([
    ['::1', 'loopback'],
    ['[::1]', 'loopback'],
    ['::', 'unspecified'],
    ['fe80::1', 'link_local'],
    ['fe80::1%eth0', 'link_local'],
    ['febf:ffff::1', 'link_local'],
    ['fc00::1', 'unique_local'],
    ['fd12:3456::1', 'unique_local'],
    ['fd00:ec2::254', 'metadata'],
    ['ff02::1', 'multicast'],
    ['2001:db8::1', 'documentation'],
    ['2001:2::1', 'benchmarking'],
    ['2001::1', 'reserved'],
    ['100::1', 'reserved'],
    ['::127.0.0.1', 'reserved'],
    ['2606:4700:4700::1111', 'public'],
    ['2a00:1450:4001:80b::200e', 'public'],
  ])('classifies %s as %s', (ip, expected) => {
    expect(classifyAddress(ip)).toBe(expected);
  });

  it.each<[string, AddressClass]>([
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['::ffff:a9fe:a9fe', 'metadata'],
    ['::ffff:169.254.169.254', 'metadata'],
    ['::ffff:10.0.0.1', 'private'],
    ['::ffff:8.8.8.8', 'public'],
    ['64:ff9b::10.0.0.1', 'private'],
    ['64:ff9b::a9fe:a9fe', 'metadata'],
    ['64:ff9b::8.8.8.8', 'public'],
    ['64:ff9b:1::1', 'private'],
    ['2002:c0a8:0101::1', 'private'],
    ['2002:7f00:1::', 'loopback'],
    ['2002:a9fe:a9fe::1', 'metadata'],
    ['2002:0808:0808::1', 'public'],
  ])('judges the wrapped IPv4 address in %s: %s', (ip, expected) => {
    expect(classifyAddress(ip)).toBe(expected);
  });

  it.each(['1:2:3:4:5:6:7:8:9', '1::2::3', 'gggg::1', '::ffff:999.0.0.1', ':1::', '12345::1'])(
    'treats the malformed %j as invalid',
    (text) => {
      expect(classifyAddress(text)).toBe('invalid');
    },
  );
});

describe('isForbiddenAddress', () => {
  it('forbids everything but public addresses by default', () => {
    expect(isForbiddenAddress('8.8.8.8', STRICT)).toBe(false);
    expect(isForbiddenAddress('127.0.0.1', STRICT)).toBe(true);
    expect(isForbiddenAddress('::1', STRICT)).toBe(true);
  });

  it.each(['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1'])('allows the loopback %s when loopback is allowed', (ip) => {
    expect(isForbiddenAddress(ip, LOOPBACK_ALLOWED)).toBe(false);
  });

  it.each(['10.0.0.1', '192.168.0.1', '169.254.169.254', 'fd00:ec2::254', '100.64.0.1', '0.0.0.0', '::', 'fc00::1'])(
    'still forbids the non-loopback %s when loopback is allowed',
    (ip) => {
      expect(isForbiddenAddress(ip, LOOPBACK_ALLOWED)).toBe(true);
    },
  );

  it('knows IP literals from names', () => {
    expect(isIpLiteral('10.0.0.1')).toBe(true);
    expect(isIpLiteral('[::1]')).toBe(true);
    expect(isIpLiteral('example.com')).toBe(false);
  });
});

describe('WHATWG URL parsing normalises odd IPv4 spellings (the guard relies on it)', () => {
  it.each(['http://2130706433/', 'http://0x7f.1/', 'http://0177.0.0.1/', 'http://127.1/', 'http://0x7f000001/', 'http://127.0.0.1./'])(
    '%s has the hostname 127.0.0.1',
    (url) => {
      expect(new URL(url).hostname.replace(/\.$/, '')).toBe('127.0.0.1');
    },
  );
});

describe('checkTargetUrl at save time', () => {
  it.each([
    'https://example.com/',
    'http://shop.example.com:8080/path?q=1',
    'https://8.8.8.8/',
    'https://[2606:4700:4700::1111]/',
    'https://example.com/a@b',
    'https://intranet.example.com/',
    // WHATWG reads a backslash as a slash, so "@127.0.0.1" is path here, as it is for the dialer.
    'http://example.com\\@127.0.0.1/',
  ])('accepts %s', (url) => {
    expect(checkTargetUrl(url, STRICT)).toEqual({ ok: true });
  });

  it.each([
    ['a loopback IP', 'http://127.0.0.1/', 'loopback'],
    ['a loopback IPv6', 'http://[::1]/', 'loopback'],
    ['a private 10/8 IP', 'http://10.1.2.3/', 'private network'],
    ['a private 172.16/12 IP', 'http://172.20.0.1/', 'private network'],
    ['a private 192.168/16 IP', 'http://192.168.0.10/', 'private network'],
    ['a link-local IP', 'http://169.254.1.1/', 'link-local'],
    ['the AWS metadata IP', 'http://169.254.169.254/latest/meta-data', 'metadata'],
    ['the AWS IPv6 metadata IP', 'http://[fd00:ec2::254]/', 'metadata'],
    ['a CGNAT IP', 'http://100.64.1.1/', 'carrier-grade NAT'],
    ['a unique-local IPv6', 'http://[fd00::1]/', 'unique-local'],
    ['a link-local IPv6', 'http://[fe80::1]/', 'link-local'],
    ['the unspecified IPv4', 'http://0.0.0.0/', 'unspecified'],
    ['the unspecified IPv6', 'http://[::]/', 'unspecified'],
    ['a multicast IP', 'http://224.0.0.1/', 'multicast'],
    ['the broadcast IP', 'http://255.255.255.255/', 'broadcast'],
    ['a reserved 240/4 IP', 'http://240.1.1.1/', 'reserved'],
    ['a documentation IP', 'http://192.0.2.1/', 'documentation'],
    ['a documentation IP (198.51.100/24)', 'http://198.51.100.1/', 'documentation'],
    ['a documentation IP (203.0.113/24)', 'http://203.0.113.1/', 'documentation'],
    ['a documentation IPv6', 'http://[2001:db8::1]/', 'documentation'],
    ['a benchmarking IP', 'http://198.18.0.1/', 'benchmarking'],
    ['an IPv4-mapped metadata IPv6', 'http://[::ffff:a9fe:a9fe]/', 'metadata'],
    ['an IPv4-mapped loopback IPv6', 'http://[::ffff:127.0.0.1]/', 'loopback'],
    ['a NAT64 IPv6 wrapping a private IPv4', 'http://[64:ff9b::a00:1]/', 'private network'],
    ['a 6to4 IPv6 wrapping a private IPv4', 'http://[2002:c0a8:101::1]/', 'private network'],
    ['loopback spelt as one decimal number', 'http://2130706433/', '127.0.0.1 is a loopback'],
    ['loopback spelt in hex parts', 'http://0x7f.1/', '127.0.0.1 is a loopback'],
    ['loopback spelt in octal', 'http://0177.0.0.1/', '127.0.0.1 is a loopback'],
    ['loopback spelt short', 'http://127.1/', '127.0.0.1 is a loopback'],
    ['loopback spelt as one hex number', 'http://0x7f000001/', '127.0.0.1 is a loopback'],
    ['localhost', 'http://localhost:3000/', 'checking machine itself'],
    ['localhost with a trailing dot', 'http://localhost./', 'checking machine itself'],
    ['a *.localhost name', 'http://app.localhost/', 'checking machine itself'],
    ['a percent-encoded localhost', 'http://%6c%6fcalhost/', 'checking machine itself'],
    ['the GCP metadata name', 'http://metadata.google.internal/computeMetadata/v1/', 'internal network name'],
    ['an *.internal name', 'http://ip-10-0-0-1.ec2.internal/', 'internal network name'],
    ['an mDNS *.local name', 'http://printer.local/', 'internal network name'],
    ['a single-label name', 'http://intranet/', 'not a public domain name'],
  ])('refuses %s (%s), saying it is %s', (_what, url, kind) => {
    const check = checkTargetUrl(url, STRICT);
    expect(check.ok).toBe(false);
    expect(check.ok ? '' : check.reason).toContain(kind);
  });

  it.each(['ftp://example.com/', 'file:///etc/passwd', 'gopher://example.com/', 'javascript:alert(1)', 'ws://example.com/'])(
    'refuses the non-http scheme of %s',
    (url) => {
      expect(checkTargetUrl(url, STRICT)).toEqual({ ok: false, reason: 'Only http:// and https:// addresses can be monitored.' });
    },
  );

  it.each(['http://example.com@127.0.0.1/', 'http://user:pass@example.com/', 'http://user@example.com/', 'http://:pass@example.com/', 'http://@example.com/'])(
    'refuses %s because it carries userinfo, saying credentials are not supported',
    (url) => {
      const check = checkTargetUrl(url, LOOPBACK_ALLOWED);
      expect(check.ok).toBe(false);
      expect(check.ok ? '' : check.reason).toMatch(/credentials in monitor URLs are not supported/i);
    },
  );

  it('explains an address refusal by naming the address and its kind', () => {
    expect(checkTargetUrl('http://169.254.169.254/', STRICT)).toEqual({
      ok: false,
      reason: '169.254.169.254 is a cloud metadata service address; only public addresses can be monitored.',
    });
  });

  it('answers an unparsable URL with the form text', () => {
    expect(checkTargetUrl('not a url', STRICT)).toEqual({ ok: false, reason: TEXT.invalidUrl });
  });

  it.each(['http://127.0.0.1:8000/', 'http://localhost:5173/', 'http://app.localhost/', 'http://[::1]:3000/', 'http://2130706433/'])(
    'accepts the loopback target %s when loopback is allowed',
    (url) => {
      expect(checkTargetUrl(url, LOOPBACK_ALLOWED)).toEqual({ ok: true });
    },
  );

  it.each(['http://10.0.0.1/', 'http://169.254.169.254/', 'http://metadata.google.internal/', 'http://[::ffff:a9fe:a9fe]/'])(
    'still refuses %s when loopback is allowed',
    (url) => {
      expect(checkTargetUrl(url, LOOPBACK_ALLOWED).ok).toBe(false);
    },
  );
});

describe('names and ranges that cannot be public (docs/security.md "SSRF")', () => {
  const rules = { allowLoopback: false };
  it.each([
    'http://localhost.localdomain/',
    'http://printer.local/',
    'http://app.localhost/',
    'http://metadata.google.internal/',
    'http://router.lan/',
    'http://nas.home.arpa/',
    'http://api.default.svc/',
    'http://api.default.svc.cluster.local/',
    'http://intranet/',
    'http://localhost../',
    'http://db.internal./',
    'http://[3fff::1]/',
    'http://[3fff:0fff::1]/',
  ])('refuses %s at save time', (url) => {
    expect(checkTargetUrl(url, rules).ok).toBe(false);
  });

  it('calls 3fff::/20 documentation and keeps its neighbours public', () => {
    expect(classifyAddress('3fff::1')).toBe('documentation');
    expect(classifyAddress('3fff:1000::1')).toBe('public');
  });

  it('accepts an ordinary public name with a trailing dot', () => {
    expect(checkTargetUrl('https://www.example.com./', rules)).toEqual({ ok: true });
  });
});
