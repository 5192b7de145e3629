import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { TIER_IDS, TIERS, type Tier } from '../../../shared/tiers.js';

/**
 * docs/product-rules.md "What backs each plan line": every line of every plan card has a row naming
 * the code and the test that back it, and every file a row names exists. "Everything in Pro" and
 * "Everything in Business" are kept by the tiers: each cap, floor and flag of a plan is at least
 * the one below it.
 */

const DOC = 'docs/product-rules.md';
const HEADING = '## What backs each plan line';

interface Row {
  plan: string;
  line: string;
  code: string;
  test: string;
}

const tableRows = (): Row[] => {
  const text = readFileSync(DOC, 'utf8');
  const start = text.indexOf(`\n${HEADING}\n`);
  expect(start, `${DOC} has the heading "${HEADING}"`).toBeGreaterThan(-1);
  const section = text.slice(start + HEADING.length + 2).split(/\n## /)[0]!;
  return section
    .split('\n')
    .filter((line) => line.startsWith('| ') && !line.startsWith('| plan ') && !line.startsWith('|---'))
    .map((line) => {
      const [plan = '', feature = '', code = '', test = ''] = line.slice(2, -2).split(' | ');
      return { plan: plan.trim(), line: feature.trim(), code: code.trim(), test: test.trim() };
    });
};

const pathsIn = (cell: string): string[] => [...cell.matchAll(/`([^`]+\.[a-z]+)`/g)].map((match) => match[1]!);

describe('What backs each plan line', () => {
  it('has a row for every feature line of every plan card, and none for a line no card has', () => {
    const rows = tableRows();
    const cardLines = TIER_IDS.flatMap((id) => TIERS[id].features.map((line) => `${TIERS[id].name} | ${line}`));
    expect(rows.map((row) => `${row.plan} | ${row.line}`).sort()).toEqual([...cardLines].sort());
  });

  it('names for each row a code file and a test file that exist, or the doc of the part being built this release', () => {
    for (const row of tableRows()) {
      for (const cell of [row.code, row.test]) {
        const files = pathsIn(cell);
        if (files.length === 0) {
          expect(cell, `${row.plan} "${row.line}" names a file or the doc it is built in`).toMatch(/^\(built in this release: see /);
          continue;
        }
        for (const file of files) expect(existsSync(file), `${row.plan} "${row.line}": ${file} exists`).toBe(true);
      }
      if (pathsIn(row.test).length) expect(pathsIn(row.test).every((file) => /\.test\.tsx?$/.test(file)), `${row.plan} "${row.line}" names a test file`).toBe(true);
    }
  });

  it('gives each plan at least what the plan below has (Everything in Pro, Everything in Business)', () => {
    const atLeast = (lower: Tier, higher: Tier) => {
      expect(higher.monitorCap).toBeGreaterThanOrEqual(lower.monitorCap);
      expect(higher.minCheckIntervalSeconds).toBeLessThanOrEqual(lower.minCheckIntervalSeconds);
      expect(higher.retentionDays).toBeGreaterThanOrEqual(lower.retentionDays);
      expect(higher.channelCap).toBeGreaterThanOrEqual(lower.channelCap);
      expect(higher.smsPerMonth).toBeGreaterThanOrEqual(lower.smsPerMonth);
      expect(higher.statusPageCap).toBeGreaterThanOrEqual(lower.statusPageCap);
      expect(higher.seats).toBeGreaterThanOrEqual(lower.seats);
      for (const flag of Object.keys(higher) as (keyof Tier)[]) {
        if (typeof lower[flag] === 'boolean' && lower[flag]) expect(higher[flag], `${higher.name} keeps ${String(flag)}`).toBe(true);
      }
    };
    for (let i = 1; i < TIER_IDS.length; i += 1) atLeast(TIERS[TIER_IDS[i - 1]!], TIERS[TIER_IDS[i]!]);
    expect(TIERS.business.features).toContain('Everything in Pro');
    expect(TIERS.enterprise.features).toContain('Everything in Business');
  });
});
