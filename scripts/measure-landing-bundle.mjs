#!/usr/bin/env node
/**
 * The landing page's initial JavaScript, gzipped: builds the SPA (as `npm run build` does, into
 * a temporary directory with a manifest), then follows the entry's and the landing route's
 * static imports and sums each chunk gzipped at level 6. Lazy chunks (other routes, Amplify)
 * are not counted: the landing page does not wait for them.
 *
 *   node scripts/measure-landing-bundle.mjs [--keep]
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = fileURLToPath(new URL('..', import.meta.url));
const outDir = mkdtempSync(join(tmpdir(), 'landing-bundle-'));
const TARGET_KIB = 150;

execFileSync(
  process.execPath,
  [
    join(root, 'node_modules/vite/bin/vite.js'),
    'build',
    '--config',
    'frontend/vite.config.ts',
    '--outDir',
    outDir,
    '--emptyOutDir',
    '--manifest',
    '--logLevel',
    'warn',
  ],
  { cwd: root, stdio: 'inherit' },
);

const manifest = JSON.parse(readFileSync(join(outDir, '.vite/manifest.json'), 'utf8'));
const included = new Set();
const follow = (key) => {
  if (included.has(key)) return;
  included.add(key);
  for (const imported of manifest[key].imports ?? []) follow(imported);
};
const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
const landing = Object.keys(manifest).find((key) => key.endsWith('app/routes/landing.tsx'));
if (!entry || !landing) throw new Error('The manifest has no entry or no landing route chunk');
follow(entry);
follow(landing);

let total = 0;
const rows = [...included].map((key) => {
  const size = gzipSync(readFileSync(join(outDir, manifest[key].file)), { level: 6 }).length;
  total += size;
  return { chunk: manifest[key].file, 'KiB gzipped': Number((size / 1024).toFixed(1)) };
});
rows.sort((a, b) => b['KiB gzipped'] - a['KiB gzipped']);
console.table(rows);
console.log(
  `Landing initial JavaScript: ${(total / 1024).toFixed(1)} KiB gzipped (target ${TARGET_KIB} KiB)`,
);
if (!process.argv.includes('--keep')) rmSync(outDir, { recursive: true, force: true });
else console.log(`Build kept in ${outDir}`);
