import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The repository stands on its own: comments and docs point into docs/, never at documents a
 * maintainer of this repository does not have (the product's first description, a team folder
 * beside the repository, a numbered issue). docs/ARCHITECTURE.md "Conventions worth knowing".
 */

const ROOT = path.resolve(import.meta.dirname, '../../..');
const CODE_FOLDERS = ['functions', 'shared', 'frontend/src', 'infra', 'test', 'events'];
const CODE_FILE = /\.(ts|tsx|js|mjs|cjs)$/;
const SKIPPED_FOLDERS = new Set(['node_modules', 'dist', 'screenshots', 'cdk.out', '.data']);
const THIS_FILE = path.relative(ROOT, import.meta.filename);

const filesUnder = (folder: string, keep: (file: string) => boolean): string[] => {
  const found: string[] = [];
  const walk = (dir: string): void => {
    if (!fs.existsSync(dir)) return;
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      if (SKIPPED_FOLDERS.has(entry.name)) continue;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (keep(entry.name)) found.push(path.relative(ROOT, full));
    }
  };
  walk(path.join(ROOT, folder));
  return found.sort();
};

const codeFiles = CODE_FOLDERS.flatMap((folder) => filesUnder(folder, (name) => CODE_FILE.test(name))).filter(
  (file) => file !== THIS_FILE,
);
const docFiles = ['README.md', ...filesUnder('docs', (name) => name.endsWith('.md'))];

/** A citation of a document outside the repository. */
const OUTSIDE_CITATIONS: readonly { name: string; pattern: RegExp; codeOnly?: boolean }[] = [
  // "spec §4", "operator §9", "(§2 ...)", "ARCHITECTURE.md §6": numbered sections of outside documents.
  { name: 'a numbered section (§)', pattern: /§\s?\d/ },
  { name: 'a numbered issue', pattern: /\b[Ii]ssue #?\d+\b/ },
  // The team folder beside the repository; imports of shared/<module> are fine.
  { name: 'the team folder', pattern: /\.\.\/shared\/(spec|ARCHITECTURE|STYLE|PEERS)\b|\bshared\/spec\// },
  // Code never names the architecture page (the issue's own check greps for it): comments point at
  // the page that holds the rule instead. README.md and docs/ link it.
  { name: 'ARCHITECTURE.md in code', pattern: /ARCHITECTURE\.md/, codeOnly: true },
];

interface Hit {
  where: string;
  text: string;
}

const linesOf = (file: string): string[] => fs.readFileSync(path.join(ROOT, file), 'utf8').split('\n');

const citationHits = (): Hit[] => {
  const hits: Hit[] = [];
  for (const file of [...codeFiles, ...docFiles]) {
    const isCode = CODE_FILE.test(file);
    linesOf(file).forEach((line, index) => {
      for (const citation of OUTSIDE_CITATIONS) {
        if (citation.codeOnly && !isCode) continue;
        if (citation.pattern.test(line)) hits.push({ where: `${file}:${index + 1}`, text: `${citation.name}: ${line.trim()}` });
      }
    });
  }
  return hits;
};

/** `docs/<file>.md "<heading>"`, also `docs/<file>.md, "<heading>"` and a list `"A", "B" and "C"`. */
const POINTER = /docs\/([\w.-]+\.md),? ("[^"\n]+"(?:(?:, | and | or )"[^"\n]+")*)/g;
const DOC_MENTION = /\bdocs\/([\w.-]+\.md)\b/g;

/** What a pointer may name in a docs page: a heading, or a bold lead-in (`- **Downgrades** ...`). */
const targetsOf = (doc: string): string[] => {
  const text = fs.readFileSync(path.join(ROOT, 'docs', doc), 'utf8');
  const headings = [...text.matchAll(/^#{1,6}\s+(.+)$/gm)].map((match) => match[1]!);
  const boldLeads = [...text.matchAll(/\*\*([^*\n]+)\*\*/g)].map((match) => match[1]!);
  return [...headings, ...boldLeads].map((target) => target.replaceAll('`', '').toLowerCase());
};

const pointerHits = (): Hit[] => {
  const hits: Hit[] = [];
  const targets = new Map<string, string[]>();
  const targetsOfDoc = (doc: string): string[] => {
    if (!targets.has(doc)) targets.set(doc, targetsOf(doc));
    return targets.get(doc)!;
  };
  const exists = (doc: string): boolean => fs.existsSync(path.join(ROOT, 'docs', doc));
  for (const file of [...codeFiles, ...docFiles]) {
    linesOf(file).forEach((line, index) => {
      const where = `${file}:${index + 1}`;
      for (const [, doc] of line.matchAll(DOC_MENTION)) {
        if (!exists(doc!)) hits.push({ where, text: `docs/${doc} does not exist` });
      }
      for (const [, doc, quoted] of line.matchAll(POINTER)) {
        if (!exists(doc!)) continue;
        for (const [, heading] of quoted!.matchAll(/"([^"\n]+)"/g)) {
          const wanted = heading!.replaceAll('`', '').toLowerCase();
          if (!targetsOfDoc(doc!).some((target) => target.includes(wanted))) {
            hits.push({ where, text: `docs/${doc} has no heading "${heading}"` });
          }
        }
      }
    });
  }
  return hits;
};

/** A repository path in backticks in README.md or docs/ (`functions/http/caller.ts`, `shared/table/keys.ts:12`). */
const REPO_PATH = /`((?:functions|shared|frontend|infra|test|events)\/[\w./-]+?)(?::\d+)?`/g;
/**
 * Not in a fresh checkout: the walk-throughs of docs/checks.md "Adding a monitor type" and
 * docs/alerts.md "Adding a channel type" name the files a new type would add, and some docs name
 * what a build or a test run writes.
 */
const EXAMPLE_PATH = /\/(smtp|matrix)(\.test)?\.tsx?$|^frontend\/dist\b|^test\/e2e\/screenshots\b|^cdk\.out\b/;

const pathHits = (): Hit[] => {
  const hits: Hit[] = [];
  for (const file of docFiles) {
    linesOf(file).forEach((line, index) => {
      for (const [, named] of line.matchAll(REPO_PATH)) {
        if (EXAMPLE_PATH.test(named!) || fs.existsSync(path.join(ROOT, named!))) continue;
        hits.push({ where: `${file}:${index + 1}`, text: `${named} does not exist` });
      }
    });
  }
  return hits;
};

const listed = (hits: Hit[]): string => hits.map((hit) => `${hit.where}  ${hit.text}`).join('\n');

describe('the repository stands on its own', () => {
  it('finds the files it scans', () => {
    expect(codeFiles.length).toBeGreaterThan(100);
    expect(docFiles).toContain('docs/product-rules.md');
    expect(docFiles).toContain('docs/ARCHITECTURE.md');
  });

  it('cites no document outside the repository: no numbered sections, issues or team folder', () => {
    const hits = citationHits();
    expect(hits, `point these into docs/ instead (docs/product-rules.md "<heading>", ...):\n${listed(hits)}`).toEqual([]);
  });

  it('points only at docs pages and headings that exist', () => {
    const hits = pointerHits();
    expect(hits, `fix these pointers:\n${listed(hits)}`).toEqual([]);
  });

  it('names only files and folders that exist in README.md and docs/', () => {
    const hits = pathHits();
    expect(hits, `a file moved or was renamed; update these:\n${listed(hits)}`).toEqual([]);
  });

  it('tells a citation from the code it must leave alone', () => {
    const cites = (line: string) => OUTSIDE_CITATIONS.some((citation) => citation.pattern.test(line));
    expect(cites('/** Spec §9: 10 incidents per page. */')).toBe(true);
    expect(cites('// Billing (issue 10, docs/billing.md).')).toBe(true);
    expect(cites('see ../shared/ARCHITECTURE.md')).toBe(true);
    expect(cites("import { TEXT } from '../../../shared/texts.js';")).toBe(false);
    expect(cites('const passwordIssue = parsed.error.issues.find((issue) => issue.path[0]);')).toBe(false);
    expect(cites('/** docs/product-rules.md "Pagination": 10 incidents per page. */')).toBe(false);
  });
});
