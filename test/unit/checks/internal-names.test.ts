import { describe, expect, it } from 'vitest';
import { INTERNAL_NAME_SUFFIXES, TEST_NAME_SUFFIXES } from '../../../shared/checks/internal-names.js';
import { checkTargetHost, checkTargetUrl } from '../../../shared/checks/target-address.js';
import { channelTypeDefinition } from '../../../shared/alerts/channels/index.js';
import { CreateMonitorInput } from '../../../shared/monitors/schemas.js';
import { TEXT } from '../../../shared/texts.js';

const STRICT = { allowLoopback: false };
const LOOPBACK_ALLOWED = { allowLoopback: true };

// docs/security.md "SSRF": every special-use and never-delegated suffix is refused when a monitor or a channel is saved.
describe('special-use and never-delegated names', () => {
  const suffixes = [...Object.keys(INTERNAL_NAME_SUFFIXES), ...TEST_NAME_SUFFIXES];

  it.each(suffixes)('refuses a name under .%s, the bare suffix and a trailing dot, as a URL and as a host', (suffix) => {
    for (const host of [`site.${suffix}`, `deep.site.${suffix}`, suffix, `SITE.${suffix.toUpperCase()}.`]) {
      const url = checkTargetUrl(`https://${host}/health`, STRICT);
      expect(url.ok, host).toBe(false);
      expect(checkTargetHost(host, STRICT).ok, host).toBe(false);
    }
  });

  it.each([
    ['router.home', 'internal network name'],
    ['files.corp', 'internal network name'],
    ['wiki.intranet', 'internal network name'],
    ['mx.mail', 'internal network name'],
    ['localhost6.localdomain6', 'internal network name'],
    ['shop.example', 'reserved name'],
    ['nothing.invalid', 'reserved name'],
    ['hidden.onion', 'reserved name'],
    ['site.test', 'reserved name'],
    ['name.alt', 'reserved name'],
  ])('tells why %s is refused', (host, words) => {
    const verdict = checkTargetUrl(`https://${host}/`, STRICT);
    expect(verdict.ok).toBe(false);
    if (!verdict.ok) expect(verdict.reason).toContain(words);
  });

  it.each(['localhost6', 'ip6-localhost', 'ip6-loopback'])('treats %s as the checking machine itself', (host) => {
    const verdict = checkTargetHost(host, STRICT);
    expect(verdict).toEqual({ ok: false, reason: `${host} names the checking machine itself; only public sites can be monitored.` });
    expect(checkTargetHost(host, LOOPBACK_ALLOWED)).toEqual({ ok: true });
  });

  it('lets *.test and *.example through only where loopback targets are allowed (the local test suites serve them)', () => {
    expect(checkTargetUrl('https://shop.example.test:8443/', LOOPBACK_ALLOWED)).toEqual({ ok: true });
    expect(checkTargetUrl('https://shop.example.test:8443/', STRICT).ok).toBe(false);
    expect(checkTargetUrl('https://shop.example/', LOOPBACK_ALLOWED)).toEqual({ ok: true });
    expect(checkTargetUrl('https://shop.example/', STRICT).ok).toBe(false);
    expect(checkTargetUrl('https://nothing.invalid/', LOOPBACK_ALLOWED).ok).toBe(false);
  });

  it('keeps public names that merely contain a suffix as a word', () => {
    for (const host of ['example.com', 'www.example.org', 'mail.google.com', 'home.example.com', 'corp.acme.com', 'testing.dev', 'my-lan.io', 'localhost.example.com']) {
      expect(checkTargetUrl(`https://${host}/`, STRICT), host).toEqual({ ok: true });
    }
  });
});

describe('the request schemas the forms and the API share', () => {
  it('refuses an internal monitor address in CreateMonitorInput, on the url field', () => {
    const parsed = CreateMonitorInput.safeParse({ name: 'NAS', url: 'nas.home/status' });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues).toContainEqual(
      expect.objectContaining({ path: ['url'], message: 'nas.home is an internal network name; only public sites can be monitored.' }),
    );
    expect(CreateMonitorInput.safeParse({ name: 'Shop', url: 'shop.example.com' }).success).toBe(true);
  });

  it('refuses an internal webhook destination in the channel config', () => {
    const config = channelTypeDefinition('webhook').config;
    const parsed = config.safeParse({ url: 'https://hooks.corp/alerts' });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe('hooks.corp is an internal network name; only public sites can receive alerts.');
    expect(config.safeParse({ url: 'https://hooks.acme.com/alerts' }).success).toBe(true);
  });
});

describe('a monitor address that is no URL at all', () => {
  it('gets the form text once, not a crash in the name rule', () => {
    const parsed = CreateMonitorInput.safeParse({ name: 'Broken', url: 'not a url' });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.filter((issue) => issue.path[0] === 'url').map((issue) => issue.message)).toEqual([TEXT.invalidUrl]);
  });
});
