#!/usr/bin/env node
/**
 * Fails when package-lock.json would make `npm ci` refuse it on some machine: every optional
 * dependency a locked package declares (the other platforms' native builds of esbuild, tailwind's
 * oxide, the import resolver...) must be locked too, or npm ci stops with "package.json and
 * package-lock.json are not in sync" on a clean clone. npm leaves them out when the lockfile is
 * written on a machine whose registry lacks them.
 * On the project's own lockfile (no file argument) it then checks that the lockfile is in sync
 * with package.json: `npm install --package-lock-only`, run on copies of both, must write the
 * lockfile back unchanged. That asks the registry (about 10 s), so a pass is remembered in
 * node_modules/.cache for the same package.json, lockfile and npm version: later runs cost a hash.
 * Uses only Node built-ins (`npm run lint` runs it).
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

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

if (process.argv[2] === undefined) checkInSync(fileURLToPath(new URL('..', import.meta.url)));

function checkInSync(root) {
  const npm = (args, cwd) =>
    execFileSync(process.platform === 'win32' ? 'npm.cmd' : 'npm', args, {
      cwd,
      encoding: 'utf8',
      stdio: 'pipe',
    });
  const lockText = readFileSync(join(root, 'package-lock.json'), 'utf8');
  const stamp = createHash('sha256')
    .update(readFileSync(join(root, 'package.json')))
    .update(lockText)
    // npm's version (in its user agent under `npm run`, spared a second npm start-up).
    .update(process.env.npm_config_user_agent?.split(' ')[0] ?? `npm/${npm(['--version'], root).trim()}`)
    .digest('hex');
  const stampFile = join(root, 'node_modules', '.cache', 'edge-options', 'lockfile-in-sync');
  if (existsSync(stampFile) && readFileSync(stampFile, 'utf8') === stamp) return;

  const scratch = mkdtempSync(join(tmpdir(), 'edge-options-lockfile-'));
  let rewritten;
  try {
    for (const name of ['package.json', 'package-lock.json', '.npmrc'])
      if (existsSync(join(root, name))) copyFileSync(join(root, name), join(scratch, name));
    npm(['install', '--package-lock-only', '--ignore-scripts', '--no-audit', '--no-fund'], scratch);
    rewritten = readFileSync(join(scratch, 'package-lock.json'), 'utf8');
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
  if (rewritten !== lockText) {
    const [was, is] = [new Set(lockText.split('\n')), new Set(rewritten.split('\n'))];
    const added = [...is].filter((line) => !was.has(line)).length;
    const removed = [...was].filter((line) => !is.has(line)).length;
    console.error(
      `package-lock.json is out of sync with package.json: \`npm install --package-lock-only\` rewrites it ` +
        `(+${added} / -${removed} distinct lines). Run it, check the change and commit package-lock.json.`,
    );
    process.exit(1);
  }
  console.log(
    'package-lock.json: in sync with package.json (npm install --package-lock-only changes nothing).',
  );
  if (existsSync(join(root, 'node_modules'))) {
    mkdirSync(dirname(stampFile), { recursive: true });
    writeFileSync(stampFile, stamp);
  }
}
