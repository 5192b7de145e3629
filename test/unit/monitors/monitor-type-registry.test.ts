import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { runCheck } from '../../../functions/checks/run-check.js';
import { CHECK_RUNNERS } from '../../../functions/checks/types/index.js';
import { resolvedTarget } from '../../../functions/services/monitors/monitor-target-input.js';
import { CheckJob } from '../../../shared/checks/check-job.js';
import { ERROR_CATEGORIES } from '../../../shared/checks/check-result.js';
import { MonitorTypeInput } from '../../../shared/monitors/monitor-types.js';
import {
  DEFAULT_MONITOR_TYPE,
  MONITOR_TYPE_DEFINITIONS,
  MONITOR_TYPES,
  monitorTypeDefinition,
  monitorTypeOfUrl,
  TYPE_FIELD_OWNERS,
} from '../../../shared/monitors/types/index.js';
import { AppError } from '../../../shared/errors.js';

const job = (target?: unknown) =>
  ({
    userId: 'u',
    monitorId: 'm',
    url: 'http://127.0.0.1:9/',
    timeoutSeconds: 1,
    slowThresholdMs: 1000,
    round: '2026-11-24T10:00:00.000Z',
    ...(target ? { target } : {}),
  }) as CheckJob;

describe('monitor type registry (shared/monitors/types/)', () => {
  it('registers every type under its own name, with a runner wherever a checker runs it', () => {
    expect(MONITOR_TYPES).toEqual(['http', 'heartbeat', 'tcp', 'dns']);
    expect(Object.keys(CHECK_RUNNERS).sort()).toEqual([...MONITOR_TYPES].sort());
    for (const type of MONITOR_TYPES) {
      const definition = monitorTypeDefinition(type);
      expect(definition.type).toBe(type);
      expect(CHECK_RUNNERS[type] === null, type).toBe(definition.job.kind === 'none');
    }
  });

  it('gives every type field one owner, and every type failure text a known category', () => {
    const fields = MONITOR_TYPES.flatMap((type) => Object.keys(MONITOR_TYPE_DEFINITIONS[type].input.shape));
    expect(new Set(fields).size).toBe(fields.length);
    expect([...TYPE_FIELD_OWNERS.keys()].sort()).toEqual([...fields].sort());
    for (const type of MONITOR_TYPES) {
      expect(Object.keys(MONITOR_TYPE_DEFINITIONS[type].csvColumns).sort(), type).toEqual(Object.keys(MONITOR_TYPE_DEFINITIONS[type].input.shape).sort());
      for (const category of Object.keys(MONITOR_TYPE_DEFINITIONS[type].failureTexts)) expect(ERROR_CATEGORIES).toContain(category);
    }
  });

  it('guards at save time every type a checker dials or looks up', () => {
    for (const type of MONITOR_TYPES) {
      const { job, saveGuard } = monitorTypeDefinition(type);
      if (job.kind !== 'none') expect(saveGuard.kind, type).not.toBe('none');
    }
  });

  it('tells a type by the scheme of the url its target is written as, and the rest as the default type', () => {
    for (const type of MONITOR_TYPES) {
      const { address } = monitorTypeDefinition(type);
      if (address.kind === 'target') expect(monitorTypeOfUrl(`${address.scheme}://x`)).toBe(type);
    }
    expect(monitorTypeOfUrl('tcp://db.example.com:5432')).toBe('tcp');
    expect(monitorTypeOfUrl('https://shop.example.com')).toBe(DEFAULT_MONITOR_TYPE);
    expect(monitorTypeOfUrl(null)).toBe(DEFAULT_MONITOR_TYPE);
  });

  it('refuses an unknown type by name, never taking it for the default', () => {
    expect(() => monitorTypeDefinition('ftp')).toThrow(/Unknown monitor type "ftp"/);
    expect(() => monitorTypeDefinition('constructor')).toThrow(/Unknown monitor type/);
    expect(MonitorTypeInput.safeParse({ monitor_type: 'ftp' }).success).toBe(false);
  });
});

describe('the checker with a type it has no runner for', () => {
  it('refuses a job of an unknown type on receipt', () => {
    expect(CheckJob.safeParse(job({ type: 'icmp', host: 'example.com' })).success).toBe(false);
    expect(CheckJob.safeParse(job({ type: 'tcp', host: 'example.com', port: 22 })).success).toBe(true);
  });

  it('fails the job with an error instead of checking its url over HTTP', async () => {
    await expect(runCheck(job({ type: 'icmp', host: 'example.com' }), 'eu-west-1', { allowLoopback: true })).rejects.toThrow(
      /No checker runs monitor type "icmp"/,
    );
    await expect(runCheck(job({ type: 'heartbeat' }), 'eu-west-1', { allowLoopback: true })).rejects.toThrow(/monitor type "heartbeat"/);
  });
});

describe('the save-time SSRF guard of host-based types (functions/services/monitors/target-rules.ts)', () => {
  beforeAll(() => vi.stubEnv('UPWATCH_ALLOW_PRIVATE_TARGETS', undefined));
  afterAll(() => vi.unstubAllEnvs());

  const save = (input: Record<string, unknown>) => resolvedTarget({ monitorId: 'M1', input: MonitorTypeInput.parse(input) });
  const refusal = (input: Record<string, unknown>) => {
    try {
      save(input);
      return null;
    } catch (error) {
      expect(error).toBeInstanceOf(AppError);
      return (error as AppError).fieldProblems?.[0]?.field;
    }
  };

  it('refuses a TCP host or a DNS name that is loopback, private or the metadata service', () => {
    for (const host of ['127.0.0.1', '10.0.0.1', '169.254.169.254', '[::1]', 'localhost', 'metadata.google.internal']) {
      expect(refusal({ monitor_type: 'tcp', host, port: 22 }), host).toBe('host');
    }
    for (const hostname of ['localhost', 'metadata.google.internal', 'intranet']) {
      expect(refusal({ monitor_type: 'dns', hostname }), hostname).toBe('hostname');
    }
  });

  it('takes public ones, and a heartbeat (nothing is dialled)', () => {
    expect(save({ monitor_type: 'tcp', host: 'db.example.com', port: 5432 })).toMatchObject({ url: 'tcp://db.example.com:5432' });
    expect(save({ monitor_type: 'dns', hostname: 'example.com' })).toMatchObject({ url: 'dns://example.com' });
    expect(save({ monitor_type: 'heartbeat' })).toMatchObject({ url: 'heartbeat://M1' });
  });
});
