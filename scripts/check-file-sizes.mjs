/**
 * The file-size check `npm run lint` runs: across lambdas/, shared/, infra/, frontend/ and
 * scripts/ (tests excluded), at most one file over 500 lines, and every file over 400 lines
 * states why at its top with a `// size: <reason>` line (in its first 10 lines). Lists the
 * exceptions; exits 1 when a rule is broken.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const ROOT = new URL('..', import.meta.url).pathname;
const FOLDERS = ['lambdas', 'shared', 'infra', 'frontend', 'scripts'];
const SKIP = new Set(['node_modules', 'dist', 'cdk.out', 'test-results', 'playwright-report']);
const SOURCE = /\.(ts|tsx|js|mjs|cjs|jsx)$/;
const TEST = /\.(test|spec)\.[jt]sx?$/;
const EXCEPTION_LINES = 400;
const HARD_LINES = 500;
const REASON = /^\s*(\/\/|\*|\/\*)\s*size:\s*\S/;

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (SKIP.has(entry.name) || entry.name.startsWith('.')) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'tests' && entry.name !== '__tests__') yield* files(path);
    } else if (SOURCE.test(entry.name) && !TEST.test(entry.name)) yield path;
  }
}

const exceptions = [];
for (const folder of FOLDERS) {
  for (const path of files(join(ROOT, folder))) {
    const text = readFileSync(path, 'utf8');
    const lines = text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
    if (lines <= EXCEPTION_LINES) continue;
    const reason = text
      .split('\n')
      .slice(0, 10)
      .find((line) => REASON.test(line));
    exceptions.push({ path: relative(ROOT, path), lines, reason: reason?.replace(/^.*size:\s*/, '').trim() });
  }
}
exceptions.sort((a, b) => b.lines - a.lines);

const problems = [];
const over500 = exceptions.filter((e) => e.lines > HARD_LINES);
if (over500.length > 1)
  problems.push(
    `${over500.length} files are over ${HARD_LINES} lines (at most one may be): ${over500.map((e) => e.path).join(', ')}`,
  );
for (const e of exceptions)
  if (!e.reason)
    problems.push(`${e.path} has ${e.lines} lines but no "// size: <reason>" line in its first 10 lines`);

console.log(`File sizes: ${exceptions.length} file(s) over ${EXCEPTION_LINES} lines`);
for (const e of exceptions)
  console.log(`  ${String(e.lines).padStart(5)}  ${e.path}${e.reason ? `  — ${e.reason}` : ''}`);
if (problems.length > 0) {
  for (const problem of problems) console.error(`✖ ${problem}`);
  process.exit(1);
}
