import { describe, expect, it } from 'vitest';
import {
  atReferenceSpeed,
  describeHost,
  parseCpuTimes,
  REFERENCE_SHA256_MS,
  speedRatio,
  startStealMeter,
  type CpuTimes,
  type HostCalibration,
} from '../../../test/bench/host-calibration.js';

/**
 * The arithmetic behind every benchmark's host line (docs/PERFORMANCE.md "Host calibration"): how a
 * CPU figure is scaled to the reference host, how the steal share is taken from two /proc/stat
 * readings, and what the report says. The timed loops themselves are not run here.
 */

const host = (sha256Ms: number, overrides: Partial<HostCalibration> = {}): HostCalibration => ({
  cpu: 'AMD EPYC',
  cores: 2,
  node: 'v20.20.2',
  sha256Ms,
  jsonMs: 812.4,
  loadAverage: '0.42 / 0.80 / 1.10',
  ...overrides,
});

describe('speed against the reference host', () => {
  it('is the reference itself at 1,079 ms', () => {
    expect(REFERENCE_SHA256_MS).toBe(1079);
    expect(speedRatio(host(1079))).toBe(1);
    expect(atReferenceSpeed(2.26, host(1079))).toBeCloseTo(2.26, 10);
  });

  it("scales a faster host's CPU figure up by the ratio of the loop times", () => {
    // A host that runs the loop in half the time spends half the CPU: on the reference it doubles.
    expect(speedRatio(host(539.5))).toBe(0.5);
    expect(atReferenceSpeed(0.82, host(539.5))).toBeCloseTo(1.64, 10);
  });

  it("scales a slower host's CPU figure down", () => {
    expect(speedRatio(host(2158))).toBe(2);
    expect(atReferenceSpeed(5.5, host(2158))).toBeCloseTo(2.75, 10);
  });
});

describe('parseCpuTimes', () => {
  it('sums the first eight fields of the cpu line and takes the eighth as steal', () => {
    // user nice system idle iowait irq softirq steal guest guest_nice
    const stat = 'cpu  100 5 50 800 10 0 5 30 7 0\ncpu0 50 2 25 400 5 0 2 15 3 0\nintr 12345\n';
    expect(parseCpuTimes(stat)).toEqual({ total: 1000, steal: 30 });
  });

  it('counts no steal on a kernel that lists only the first seven fields', () => {
    expect(parseCpuTimes('cpu  100 0 50 800 10 0 5\n')).toEqual({ total: 965, steal: 0 });
  });

  it('is null without a cpu line', () => {
    expect(parseCpuTimes('')).toBeNull();
    expect(parseCpuTimes('intr 12345\n')).toBeNull();
  });
});

describe('startStealMeter', () => {
  const readings = (...times: (CpuTimes | null)[]) => {
    let next = 0;
    return () => times[Math.min(next++, times.length - 1)] ?? null;
  };

  it('gives the steal as a share of all CPU time since it started', () => {
    const meter = startStealMeter(readings({ total: 10_000, steal: 100 }, { total: 12_000, steal: 150 }, { total: 14_000, steal: 500 }));
    expect(meter.read()).toBeCloseTo(50 / 2000, 10);
    // Each reading counts from the start, not from the last reading.
    expect(meter.read()).toBeCloseTo(400 / 4000, 10);
  });

  it('is NaN when /proc/stat could not be read or no time has passed', () => {
    expect(startStealMeter(readings(null, { total: 2, steal: 0 })).read()).toBeNaN();
    expect(startStealMeter(readings({ total: 2, steal: 0 }, null)).read()).toBeNaN();
    expect(startStealMeter(readings({ total: 2, steal: 0 }, { total: 2, steal: 0 })).read()).toBeNaN();
  });
});

describe('describeHost', () => {
  it('names the host, its calibration against the reference and the steal', () => {
    expect(describeHost(host(321.6), 0.0345)).toBe(
      'Host: 2 x AMD EPYC, Node v20.20.2, load average 0.42 / 0.80 / 1.10 at start. ' +
        'Calibration: SHA-256 of 1 KiB x 200,000 in **322 ms** (reference host 1079 ms: this host is 0.30x its time), ' +
        'JSON round trip x 50,000 in 812 ms; steal over the window 3.5 %.',
    );
  });

  it('says n/a for the steal where /proc/stat is not there', () => {
    expect(describeHost(host(1079), Number.NaN)).toMatch(/this host is 1\.00x its time\),.* steal over the window n\/a\.$/);
  });
});
