#!/usr/bin/env node
// Run after `npm install` changes package-lock.json, if `npm ci` then fails with
// "Missing: <pkg>@ from lock file".
//
// Why: this workplace's npm registry mirror lacks some versions of other platforms' optional
// native binaries (e.g. @tailwindcss/oxide-darwin-arm64@4.3.5). `npm install` skips them silently
// and writes a lock without them; `npm ci` then refuses the lock as incomplete. This adds an entry
// for each such binary with its os/cpu/libc, so `npm ci` sees a complete lock and, on this Linux
// x64 machine, skips them as it would anyway. On a machine whose platform matches, npm fetches them.
import fs from 'node:fs';
import { execSync } from 'node:child_process';

const lock = JSON.parse(fs.readFileSync('package-lock.json', 'utf8'));
const added = [];
for (const entry of Object.values(lock.packages)) {
  for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const key = `node_modules/${name}`;
    if (lock.packages[key]) continue;
    const meta = JSON.parse(execSync(`npm view ${name} os cpu libc --json`, { stdio: ['ignore', 'pipe', 'ignore'] }).toString() || '{}');
    const platform = Array.isArray(meta) ? meta.at(-1) : meta;
    lock.packages[key] = { version, dev: entry.dev ?? false, optional: true };
    for (const field of ['cpu', 'libc', 'os']) if (platform[field]) lock.packages[key][field] = platform[field];
    added.push(`${name}@${version}`);
  }
}
lock.packages = Object.fromEntries(
  Object.entries(lock.packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))),
);
fs.writeFileSync('package-lock.json', `${JSON.stringify(lock, null, 2)}\n`);
console.log(added.length ? `added lock entries for:\n  ${added.join('\n  ')}` : 'lock already complete');
