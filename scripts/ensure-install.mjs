#!/usr/bin/env node
/**
 * Runs before `npm start` and `npm test`: installs what they need on a fresh clone.
 * - npm packages, with `npm ci` (exactly the lockfile, which records every platform's optional
 *   builds: scripts/check-lockfile.mjs, in `npm run lint`, keeps it so), when node_modules is
 *   missing or older than the lockfile;
 * - with --browser: Debian's Chromium at /usr/bin/chromium (apt-get), for the Playwright tests.
 * Uses only Node built-ins, since it runs before anything is installed.
 */
import { execSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';

const run = (command) => execSync(command, { stdio: 'inherit' });
const installedMarker = 'node_modules/.package-lock.json';

if (
  !existsSync(installedMarker) ||
  statSync('package-lock.json').mtimeMs > statSync(installedMarker).mtimeMs
) {
  console.log('Installing npm packages at the lockfile versions (npm ci)...');
  run('npm ci --no-audit --no-fund');
}

if (process.argv.includes('--browser') && !existsSync('/usr/bin/chromium')) {
  console.log("Installing Debian's Chromium for the browser tests...");
  const sudo = process.getuid?.() === 0 ? '' : 'sudo ';
  run(`${sudo}apt-get update -qq`);
  run(`${sudo}env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends chromium`);
}
