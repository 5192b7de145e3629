/**
 * Stripe's request encoding: `application/x-www-form-urlencoded` with bracket notation
 * (`line_items[0][price]=price_1&metadata[user]=u1&expand[]=subscription`), the same in query
 * strings. Parsed into plain objects; a level whose keys are all indexes (or `[]`) becomes an array.
 * Values stay strings; each handler coerces what it expects.
 */
export type FormValue = string | FormValue[] | { [key: string]: FormValue };

const keyPath = (name: string): string[] => {
  const first = name.indexOf('[');
  if (first < 0) return [name];
  const path = [name.slice(0, first)];
  for (const match of name.slice(first).matchAll(/\[([^\]]*)\]/g)) path.push(match[1] ?? '');
  return path;
};

const toArrays = (value: FormValue): FormValue => {
  if (typeof value === 'string' || Array.isArray(value)) return value;
  const keys = Object.keys(value);
  for (const key of keys) value[key] = toArrays(value[key] as FormValue);
  if (keys.length > 0 && keys.every((key) => /^\d+$/.test(key))) {
    return keys.sort((a, b) => Number(a) - Number(b)).map((key) => value[key] as FormValue);
  }
  return value;
};

export const parseForm = (encoded: string): Record<string, FormValue> => {
  const root: Record<string, FormValue> = {};
  for (const [name, value] of new URLSearchParams(encoded)) {
    const path = keyPath(name);
    let node: Record<string, FormValue> = root;
    path.forEach((segment, index) => {
      const last = index === path.length - 1;
      // `[]` appends: give it the next free index so it turns into an array below.
      const key = segment === '' ? String(Object.keys(node).length) : segment;
      if (last) {
        node[key] = value;
        return;
      }
      const next = node[key];
      if (typeof next !== 'object' || next === null || Array.isArray(next)) node[key] = {};
      node = node[key] as Record<string, FormValue>;
    });
  }
  return toArrays(root) as Record<string, FormValue>;
};
