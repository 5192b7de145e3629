import fs from 'node:fs';
import path from 'node:path';

/**
 * A provider's whole state in one JSON file under the data dir, written through on every change
 * (write to a temp file, then rename), so a restart of the local cloud keeps every object.
 * Without a file (tests), the state lives in memory only.
 */
export interface JsonStore<S> {
  state: S;
  save(): void;
}

export const openJsonStore = <S>(file: string | null, initial: () => S): JsonStore<S> => {
  let state = initial();
  if (file && fs.existsSync(file)) {
    state = { ...state, ...(JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<S>) };
  }
  return {
    get state() {
      return state;
    },
    save() {
      if (!file) return;
      fs.mkdirSync(path.dirname(file), { recursive: true });
      const temp = `${file}.${process.pid}.tmp`;
      fs.writeFileSync(temp, JSON.stringify(state));
      fs.renameSync(temp, file);
    },
  };
};
