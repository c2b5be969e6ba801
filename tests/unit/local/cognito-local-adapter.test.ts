/**
 * The local pool reads cognito-local's private modules through one adapter, written for one
 * version. These fail, naming what to check, when the locked version moves or a module or export
 * the adapter reads is gone, and when another file reaches into cognito-local's `lib/` itself.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  COGNITO_LOCAL_PRIVATE_MODULES,
  COGNITO_LOCAL_VERSION,
  installedCognitoLocalVersion,
} from '../../../scripts/local/cognito-local-adapter';

const ROOT = join(import.meta.dirname, '../../..');
const ADAPTER = 'scripts/local/cognito-local-adapter.ts';
const UPGRADE = `cognito-local's private modules may have changed: check each one ${ADAPTER} reads, then set COGNITO_LOCAL_VERSION`;
const json = (path: string) => JSON.parse(readFileSync(join(ROOT, path), 'utf8')) as Record<string, unknown>;
const require = createRequire(join(ROOT, ADAPTER));

function* sourceFiles(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(path);
    else if (/\.(ts|tsx|mjs|js)$/.test(entry.name)) yield path;
  }
}

describe('cognito-local adapter: the version it was written for', () => {
  it('is the version package.json pins exactly', () => {
    const devDependencies = json('package.json').devDependencies as Record<string, string>;
    expect(devDependencies['cognito-local'], UPGRADE).toBe(COGNITO_LOCAL_VERSION);
  });

  it('is the version package-lock.json locks and the one installed', () => {
    const packages = json('package-lock.json').packages as Record<string, { version: string }>;
    expect(packages['node_modules/cognito-local']?.version, UPGRADE).toBe(COGNITO_LOCAL_VERSION);
    expect(installedCognitoLocalVersion(), UPGRADE).toBe(COGNITO_LOCAL_VERSION);
  });
});

describe('cognito-local adapter: the private modules it reads', () => {
  it.each(Object.entries(COGNITO_LOCAL_PRIVATE_MODULES))('%s exports %j', (path, names) => {
    const module = require(path) as Record<string, unknown>;
    for (const name of names) expect(module[name], `${path} has no export ${name}: ${UPGRADE}`).toBeDefined();
  });

  it('is the only file that reaches into cognito-local/lib', () => {
    const others = ['scripts', 'lambdas', 'shared', 'infra', 'frontend', 'tests']
      .flatMap((folder) => [...sourceFiles(join(ROOT, folder))])
      .map((path) => relative(ROOT, path))
      .filter((path) => path !== ADAPTER && path !== relative(ROOT, import.meta.filename))
      .filter((path) => readFileSync(join(ROOT, path), 'utf8').includes('cognito-local/lib'));
    expect(others).toEqual([]);
  });
});
