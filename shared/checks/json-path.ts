/**
 * The JSON path of a JSON assertion (docs/checks.md "Assertions"): the small, common subset of
 * JSONPath that names ONE value, `$.data.items[0].id`, `status`, `$['odd key'][2]`. The leading `$`
 * is optional. No wildcards, filters or recursive descent: an assertion compares one value.
 */
export type JsonPathStep = string | number;

const IDENTIFIER = /^[A-Za-z_$][\w$-]*/;

/** The steps of a path, or null when it is not one we read. */
export const parseJsonPath = (path: string): JsonPathStep[] | null => {
  let rest = path.trim();
  if (rest.startsWith('$')) rest = rest.slice(1);
  else if (rest !== '' && !rest.startsWith('[')) rest = `.${rest}`;
  const steps: JsonPathStep[] = [];
  while (rest !== '') {
    if (rest.startsWith('.')) {
      const name = IDENTIFIER.exec(rest.slice(1));
      if (!name) return null;
      steps.push(name[0]);
      rest = rest.slice(1 + name[0].length);
      continue;
    }
    const index = /^\[(\d+)\]/.exec(rest);
    if (index) {
      steps.push(Number(index[1]));
      rest = rest.slice(index[0].length);
      continue;
    }
    const quoted = /^\[(?:'((?:[^'\\]|\\.)*)'|"((?:[^"\\]|\\.)*)")\]/.exec(rest);
    if (quoted) {
      steps.push((quoted[1] ?? quoted[2] ?? '').replace(/\\(.)/g, '$1'));
      rest = rest.slice(quoted[0].length);
      continue;
    }
    return null;
  }
  return steps;
};

/** The value at `steps`, or `undefined` when the document has nothing there. */
export const valueAtPath = (document: unknown, steps: readonly JsonPathStep[]): unknown => {
  let current: unknown = document;
  for (const step of steps) {
    if (typeof step === 'number') {
      if (!Array.isArray(current) || step >= current.length) return undefined;
      current = current[step];
    } else {
      if (current === null || typeof current !== 'object' || Array.isArray(current) || !Object.hasOwn(current, step)) return undefined;
      current = (current as Record<string, unknown>)[step];
    }
  }
  return current;
};

/** A value as the user compares it: strings as they are, everything else as JSON (`true`, `3`, `null`, `{"a":1}`). */
export const jsonValueText = (value: unknown): string => (typeof value === 'string' ? value : JSON.stringify(value));
