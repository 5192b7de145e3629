import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Frame, Page } from 'playwright-core';

/**
 * The accessibility check of the browser tests (docs/accessibility.md "What is checked"): axe-core's
 * own script injected into the page, run with the WCAG 2.0/2.1/2.2 A and AA rules and axe's best
 * practices. Only findings a user meets (critical, serious, moderate) fail; minor ones are advice.
 */

const require = createRequire(import.meta.url);
/** axe-core's browser bundle, read once: `require.resolve('axe-core')` names its main file, axe.js. */
const AXE_SOURCE = fs.readFileSync(path.join(path.dirname(require.resolve('axe-core')), 'axe.min.js'), 'utf8');

/** The rule sets axe runs: WCAG 2.x levels A and AA, and its best practices. */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] as const;

/** The impacts that fail a screen (docs/accessibility.md "What is checked"). */
export const FAILING_IMPACTS = ['critical', 'serious', 'moderate'] as const;

/**
 * Rules switched off, each with why it does not apply (the same list is in docs/accessibility.md
 * "Rules not run"). Empty: every rule of the tags above runs.
 */
export const EXCLUDED_RULES: Readonly<Record<string, string>> = {};

/** One failing rule on one screen, with the elements that break it. */
export interface AxeFinding {
  id: string;
  impact: string;
  help: string;
  helpUrl: string;
  nodes: { target: string; summary: string }[];
}

/**
 * The script is added as an inline <script>, which the app's Content-Security-Policy refuses: the
 * browser session must be launched with `launchBrowser({ bypassCSP: true })`.
 *
 * Runs axe on what the page shows now (open dialogs included) and returns the critical, serious
 * and moderate findings; an empty list means the screen passes. A frame of another origin (the
 * local Razorpay popup) is checked on its own: pass the frame instead of the page.
 */
export const axeFindings = async (page: Page | Frame): Promise<AxeFinding[]> => {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: AXE_SOURCE });
  return page.evaluate(
    async ({ tags, impacts, excluded }) => {
      const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: AxeViolation[] }> } }).axe;
      interface AxeViolation {
        id: string;
        impact: string | null;
        help: string;
        helpUrl: string;
        nodes: { target: unknown[]; failureSummary?: string }[];
      }
      const rules = Object.fromEntries(excluded.map((id) => [id, { enabled: false }]));
      const { violations } = await axe.run(document, { runOnly: { type: 'tag', values: tags }, rules, resultTypes: ['violations'] });
      return violations
        .filter((violation) => violation.impact !== null && impacts.includes(violation.impact))
        .map((violation) => ({
          id: violation.id,
          impact: violation.impact!,
          help: violation.help,
          helpUrl: violation.helpUrl,
          nodes: violation.nodes.map((node) => ({
            target: node.target.map((part) => (Array.isArray(part) ? part.join(' >>> ') : String(part))).join(' '),
            summary: (node.failureSummary ?? '').replace(/\s+/g, ' ').trim(),
          })),
        }));
    },
    { tags: [...AXE_TAGS], impacts: [...FAILING_IMPACTS] as string[], excluded: Object.keys(EXCLUDED_RULES) },
  );
};

/** A finding list as lines a person can act on: the screen, the rule, its impact, where and what to fix. */
export const formatFindings = (screen: string, findings: AxeFinding[]): string =>
  findings
    .map((finding) =>
      [
        `${screen}: ${finding.id} (${finding.impact}): ${finding.help}`,
        ...finding.nodes.slice(0, 8).map((node) => `    at ${node.target}\n      ${node.summary}`),
        ...(finding.nodes.length > 8 ? [`    ... and ${finding.nodes.length - 8} more`] : []),
        `    see ${finding.helpUrl}`,
      ].join('\n'),
    )
    .join('\n');
