import { describe, expect, it } from 'vitest';
import { BULK_UPLOAD, monitorTemplate } from '../../../shared/monitors/bulk-upload.js';
import { TIER_IDS, TIERS, type TierId } from '../../../shared/tiers.js';
import { CreateMonitorInput } from '../../../shared/monitors/schemas.js';

describe('BULK_UPLOAD', () => {
  it('holds the product\'s CSV rules: columns, defaults, ranges and file limits', () => {
    expect(BULK_UPLOAD).toMatchObject({
      columns: ['name', 'url', 'check_interval', 'timeout'],
      requiredColumns: ['name', 'url'],
      defaults: { check_interval: 300, timeout: 30 },
      checkInterval: { min: 30 },
      timeout: { min: 5, max: 300 },
      maxBytes: 1_048_576,
      maxRows: 500,
      fileExtension: '.csv',
    });
  });
});

describe('monitorTemplate', () => {
  const template = monitorTemplate();
  const [header, ...rows] = template.content.trimEnd().split('\n');

  it('starts with the column header and has sample rows at 60, 120 and 300 s', () => {
    expect(header).toBe('name,url,check_interval,timeout');
    expect(rows).toHaveLength(3);
    expect(rows.map((row) => Number(row.split(',')[2])).sort((a, b) => a - b)).toEqual([60, 120, 300]);
    expect(template.filename).toBe('upwatch-monitors-template.csv');
  });

  it('has sample rows that are valid monitors once the scheme is filled in, one of them without a scheme', () => {
    expect(rows.some((row) => !/^https?:\/\//.test(row.split(',')[1] ?? ''))).toBe(true);
    for (const row of rows) {
      const [name, url = '', checkInterval, timeout] = row.split(',');
      const withScheme = /^https?:\/\//.test(url) ? url : `${BULK_UPLOAD.defaultScheme}${url}`;
      expect(
        CreateMonitorInput.safeParse({ name, url: withScheme, check_interval: Number(checkInterval), timeout: Number(timeout) }).success,
        row,
      ).toBe(true);
    }
  });

  it('explains the rules: scheme, defaults, ranges, plan floors and caps, file limits', () => {
    const { instructions } = template;
    expect(instructions.url).toMatch(/http:\/\/ or https:\/\/ may be left out/);
    expect(instructions.check_interval).toMatch(/Default 300, at least 30/);
    expect(instructions.plan_intervals).toBe(
      'Your plan sets the shortest check_interval in seconds: Free 300, Pro 60, Business 30, Enterprise 30.',
    );
    expect(instructions.timeout).toMatch(/Default 30, from 5 to 300/);
    expect(instructions.plan_limits).toMatch(/Free 1, Pro 10, Business 50, Enterprise 500/);
    expect(instructions.file).toBe('Upload a .csv file of at most 1 MiB with at most 500 monitors.');
    expect(Object.values(instructions).every((text) => typeof text === 'string' && text.length > 0)).toBe(true);
  });
});

describe('monitorTemplate for a plan', () => {
  const intervalsOf = (tier: TierId) =>
    monitorTemplate(tier)
      .content.trimEnd()
      .split('\n')
      .slice(1)
      .map((row) => Number(row.split(',')[2]));

  it('raises the sample intervals to the Free floor and keeps one row for its one monitor', () => {
    expect(intervalsOf('free')).toEqual([300]);
  });

  it("keeps the default 60, 120 and 300 s samples where the plan allows them", () => {
    expect(intervalsOf('pro')).toEqual([300, 120, 60]);
    expect(intervalsOf('business')).toEqual([300, 120, 60]);
  });

  it('never has a row the plan would refuse', () => {
    for (const tier of TIER_IDS) {
      const intervals = intervalsOf(tier);
      expect(intervals.length).toBeLessThanOrEqual(TIERS[tier].monitorCap);
      expect(intervals.every((seconds) => seconds >= TIERS[tier].minCheckIntervalSeconds)).toBe(true);
    }
  });
});
