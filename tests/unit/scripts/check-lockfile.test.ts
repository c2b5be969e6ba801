/** scripts/check-lockfile.mjs: a lockfile without another platform's optional build is refused, as npm ci refuses it. */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const script = new URL('../../../scripts/check-lockfile.mjs', import.meta.url).pathname;

function check(lock: unknown): { code: number; output: string } {
  const file = join(mkdtempSync(join(tmpdir(), 'lockfile-')), 'package-lock.json');
  writeFileSync(file, JSON.stringify(lock));
  try {
    return {
      code: 0,
      output: execFileSync(process.execPath, [script, file], { encoding: 'utf8', stdio: 'pipe' }),
    };
  } catch (error) {
    const failed = error as { status: number; stderr: string };
    return { code: failed.status, output: failed.stderr };
  }
}

const oxide = {
  version: '4.3.5',
  optionalDependencies: {
    '@tailwindcss/oxide-darwin-arm64': '4.3.5',
    '@tailwindcss/oxide-linux-x64-gnu': '4.3.5',
  },
};

describe('check-lockfile', () => {
  it('passes the committed lockfile', () => {
    expect(
      check(JSON.parse(execFileSync('git', ['show', 'HEAD:package-lock.json'], { encoding: 'utf8' }))).code,
    ).toBe(0);
  });

  it('refuses a lockfile missing another platform\u2019s optional build, naming it', () => {
    const result = check({
      packages: {
        '': {},
        'node_modules/@tailwindcss/oxide': oxide,
        'node_modules/@tailwindcss/oxide-linux-x64-gnu': { version: '4.3.5', optional: true },
      },
    });
    expect(result.code).toBe(1);
    expect(result.output).toContain(
      '@tailwindcss/oxide-darwin-arm64 (optional dependency of node_modules/@tailwindcss/oxide)',
    );
  });

  it('finds an optional build locked beside the package or further up, as npm resolves it', () => {
    const packages = {
      '': {},
      'node_modules/a/node_modules/@tailwindcss/oxide': oxide,
      'node_modules/a/node_modules/@tailwindcss/oxide-darwin-arm64': { optional: true },
      'node_modules/@tailwindcss/oxide-linux-x64-gnu': { optional: true },
    };
    expect(check({ packages }).code).toBe(0);
  });
});
