import { describe, expect, it } from 'vitest';
import { parseMonitorCsv, formatRowError } from '../../../functions/services/monitors/bulk-upload-rows.js';
import { heartbeatResult } from '../../../shared/checks/heartbeat.js';
import { checkTargetHost } from '../../../shared/checks/target-address.js';
import { resolveMonitorTarget, TYPE_CANNOT_CHANGE, typeOptionsProblem } from '../../../shared/monitors/monitor-type-rules.js';
import { MonitorTypeInput } from '../../../shared/monitors/monitor-types.js';

describe('heartbeatResult (shared/checks/heartbeat.ts)', () => {
  const judge = (lastPing: { at: string; failed: boolean } | null, round = '2026-11-24T10:10:00.000Z', at?: string) =>
    heartbeatResult({ monitorId: 'm', round, at, intervalSeconds: 300, graceSeconds: 60, lastPing });

  it('gives no answer before the first ping (the monitor stays pending)', () => {
    expect(judge(null)).toBeNull();
  });

  it('is up while the last ping is within interval + grace of the round, down after', () => {
    expect(judge({ at: '2026-11-24T10:04:00.000Z', failed: false })).toMatchObject({ outcome: 'up', errorCategory: null, region: 'heartbeat' });
    expect(judge({ at: '2026-11-24T10:04:00.000Z', failed: false }, '2026-11-24T10:10:00.000Z')?.outcome).toBe('up');
    expect(judge({ at: '2026-11-24T10:03:59.999Z', failed: false })).toMatchObject({ outcome: 'down', errorCategory: 'heartbeat_missing' });
    // A ping later than the round (the round processed late) is in time.
    expect(judge({ at: '2026-11-24T10:11:00.000Z', failed: false })?.outcome).toBe('up');
  });

  it('is down after a /fail ping, and judges a ping round as of the ping when it is dated later', () => {
    expect(judge({ at: '2026-11-24T10:09:00.000Z', failed: true })).toMatchObject({ outcome: 'down', errorCategory: 'heartbeat_failed' });
    expect(judge({ at: '2026-11-24T10:00:00.000Z', failed: false }, '2026-11-24T11:00:00.001Z', '2026-11-24T10:00:00.000Z')?.outcome).toBe('up');
  });
});

describe('monitor type rules (shared/monitors/monitor-type-rules.ts)', () => {
  const resolve = (input: Record<string, unknown>, stored?: Parameters<typeof resolveMonitorTarget>[0]['stored']) =>
    resolveMonitorTarget({ monitorId: 'M1', input: { ...MonitorTypeInput.parse(input), url: input.url as string | undefined }, stored, newToken: () => 'T'.repeat(43) });

  it('makes the target and its url per type', () => {
    expect(resolve({ url: 'https://example.com' })).toMatchObject({ type: 'http', target: undefined, url: 'https://example.com' });
    expect(resolve({ monitor_type: 'tcp', host: '[2001:DB8::1]', port: 443 })).toMatchObject({ url: 'tcp://[2001:db8::1]:443' });
    expect(resolve({ monitor_type: 'dns', hostname: 'Example.com.' })).toMatchObject({
      target: { type: 'dns', hostname: 'example.com', record_type: 'A' },
      url: 'dns://example.com',
    });
    expect(resolve({ monitor_type: 'heartbeat' })).toMatchObject({ target: { type: 'heartbeat', grace_seconds: 60, token: 'T'.repeat(43) }, url: 'heartbeat://M1' });
  });

  it('keeps stored fields and the push secret in an update, and never changes the type', () => {
    const stored = { target: { type: 'heartbeat' as const, grace_seconds: 30, token: 'kept' }, url: 'heartbeat://M1' };
    expect(resolve({ heartbeat_grace_seconds: 90 }, stored)).toMatchObject({ target: { grace_seconds: 90, token: 'kept' } });
    expect(resolve({ monitor_type: 'tcp' }, stored)).toEqual({ problem: { field: 'monitor_type', message: TYPE_CANNOT_CHANGE } });
  });

  it('refuses HTTP options on other types, except a TCP or DNS response-time limit', () => {
    expect(typeOptionsProblem('tcp', { max_response_time_ms: 500 })).toBeNull();
    expect(typeOptionsProblem('heartbeat', { max_response_time_ms: 500 })).toMatchObject({ field: 'max_response_time_ms' });
    expect(typeOptionsProblem('dns', { method: 'POST' })).toMatchObject({ field: 'method' });
  });

  it('judges hosts and names with the SSRF rules', () => {
    expect(checkTargetHost('db.example.com', { allowLoopback: false })).toEqual({ ok: true });
    for (const host of ['10.0.0.1', '[fd00::1]', '169.254.169.254', 'metadata.google.internal', 'localhost', 'intranet']) {
      expect(checkTargetHost(host, { allowLoopback: false }).ok, host).toBe(false);
    }
    expect(checkTargetHost('127.0.0.1', { allowLoopback: true })).toEqual({ ok: true });
  });
});

describe('CSV rows of other monitor types', () => {
  const parse = (text: string) => parseMonitorCsv(new TextEncoder().encode(text));

  it('takes monitor_type and the type columns, with url left empty', () => {
    const result = parse(
      [
        'name,url,monitor_type,host,port,hostname,record_type,expected_value,heartbeat_grace_seconds',
        'Shop,shop.example.com,,,,,,,',
        'Database,,tcp,db.example.com,5432,,,,',
        'Mail,,dns,,,example.com,mx,mail.example.com,',
        'Backup,,heartbeat,,,,,,120',
        'Broken,,tcp,db.example.com,,,,,',
        'Mixed,https://example.com,,db.example.com,,,,,',
      ].join('\n'),
    );
    expect(result.rows.map((row) => [row.input.name, row.target ?? null])).toEqual([
      ['Shop', null],
      ['Database', { type: 'tcp', host: 'db.example.com', port: 5432 }],
      ['Mail', { type: 'dns', hostname: 'example.com', record_type: 'MX', expected_value: 'mail.example.com' }],
      ['Backup', { type: 'heartbeat', grace_seconds: 120, token: '' }],
    ]);
    expect(result.errors.map(formatRowError)).toEqual(['Row 6: Port is required for a TCP port monitor', 'Row 7: host is for TCP port monitors only']);
  });
});
