import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

// Vitest loads rrule's ES module; `npm start` runs under Node, which loads its CommonJS build.
// The recurrence engine must load in both (shared/maintenance/rrule-module.ts).
describe('the recurrence engine under plain Node', () => {
  it('loads and expands a weekly rule the way the local cloud runs it', () => {
    const script = [
      "const { RRule } = await import('./shared/maintenance/rrule-module.ts');",
      "await import('./shared/maintenance/windows.ts');",
      "await import('./shared/maintenance/schemas.ts');",
      "const rule = new RRule({ freq: RRule.WEEKLY, count: 2, dtstart: new Date('2026-03-02T10:00:00Z') });",
      'console.log(JSON.stringify(rule.all().map((date) => date.toISOString())));',
    ].join('\n');
    const output = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { encoding: 'utf8', timeout: 30_000 });
    expect(JSON.parse(output.trim())).toEqual(['2026-03-02T10:00:00.000Z', '2026-03-09T10:00:00.000Z']);
  }, 40_000);
});
