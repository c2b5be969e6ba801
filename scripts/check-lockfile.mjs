#!/usr/bin/env node
/**
 * Fails when package-lock.json would make `npm ci` refuse it on some machine: every optional
 * dependency a locked package declares (the other platforms' native builds of esbuild, tailwind's
 * oxide, the import resolver...) must be locked too, or npm ci stops with "package.json and
 * package-lock.json are not in sync" on a clean clone. npm leaves them out when the lockfile is
 * written on a machine whose registry lacks them. Static and offline: it reads the lockfile only.
 * Uses only Node built-ins (`npm run lint` runs it).
 */
import { readFileSync } from 'node:fs';

const file = process.argv[2] ?? new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(file, 'utf8'));
const packages = lock.packages ?? {};

/** Where npm would look for `name` required from the package at `path` (nested first, then up). */
function resolves(path, name) {
  let base = path;
  for (;;) {
    if (packages[`${base ? `${base}/` : ''}node_modules/${name}`]) return true;
    if (!base) return false;
    const at = base.lastIndexOf('node_modules/');
    base = at <= 0 ? '' : base.slice(0, at - 1);
  }
}

const missing = [];
for (const [path, entry] of Object.entries(packages)) {
  for (const name of Object.keys(entry.optionalDependencies ?? {}))
    if (!resolves(path, name)) missing.push(`${name} (optional dependency of ${path || 'the project'})`);
}

if (missing.length > 0) {
  console.error(
    `package-lock.json lacks ${missing.length} optional packages, so npm ci refuses it:\n  ${missing.join('\n  ')}\n` +
      'Regenerate it with `npm install --package-lock-only` on a machine whose registry serves every platform.',
  );
  process.exit(1);
}
console.log(`package-lock.json: every optional package is locked (${Object.keys(packages).length} entries).`);
