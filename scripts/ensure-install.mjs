#!/usr/bin/env node
/**
 * Runs before `npm start` and `npm test`: installs what they need on a fresh clone.
 * - npm packages, with `npm install` at the committed lockfile's versions, when node_modules is
 *   missing or older than the lockfile. Not `npm ci`: the registry this project installs from
 *   serves only this platform's builds of packages like esbuild and tailwind's oxide, so the
 *   lockfile cannot list the other platforms' optional builds and `npm ci` refuses it as out of
 *   sync. `npm install` installs exactly the locked versions and skips the missing optionals;
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
  console.log('Installing npm packages at the lockfile versions...');
  run('npm install --no-audit --no-fund');
}

if (process.argv.includes('--browser') && !existsSync('/usr/bin/chromium')) {
  console.log("Installing Debian's Chromium for the browser tests...");
  const sudo = process.getuid?.() === 0 ? '' : 'sudo ';
  run(`${sudo}apt-get update -qq`);
  run(`${sudo}env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends chromium`);
}
