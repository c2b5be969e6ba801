import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  checkDocs,
  documentationFiles,
  extractLinks,
  headingAnchors,
  headingSlug,
  staleAllowances,
} from '../../../scripts/check-docs';

const record = (title: string) =>
  `# ${title}\n\n## Context\n\nWhy.\n\n## Decision\n\nWhat.\n\n## Consequences\n\nThen.\n`;

/** A small repository: a README, two pages, a directory, a source file and decision records. */
const validSample: Record<string, string> = {
  'README.md': [
    '# Sample',
    '',
    'Read [getting started](docs/getting-started.md), [its commands](docs/getting-started.md#the-two-commands)',
    'and [the code](src/app.ts); the [docs folder](docs/) and [the web](https://example.com).',
    '',
    '```sh',
    'echo "[not a link](nowhere.md)"',
    '```',
  ].join('\n'),
  'docs/getting-started.md': [
    '# Getting started',
    '',
    '## The two commands',
    '',
    '## `npm start`',
    '',
    'Back to [the top](#getting-started), to [npm start](#npm-start), [home](../README.md),',
    '[a record](decisions/one-flow.md#context), written as code: `[x](missing.md)`.',
    '',
    '[ref]: ../src/app.ts',
  ].join('\n'),
  'docs/decisions/README.md': '# Decisions\n\n- [One flow](one-flow.md)\n- [Leads](leads.md)\n',
  'docs/decisions/one-flow.md': record('One flow'),
  'docs/decisions/leads.md':
    '# Leads\n\n**Context.** Why.\n\n**Decision.** What.\n\n**Consequences.** Then.\n',
  'src/app.ts': 'export {};\n',
};

let roots: string[] = [];

function repository(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'check-docs-'));
  roots.push(root);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

afterEach(() => {
  for (const root of roots) rmSync(root, { recursive: true, force: true });
  roots = [];
});

describe('the documentation link check', () => {
  it('passes a sample whose every relative link and anchor resolves', () => {
    const root = repository(validSample);
    expect(documentationFiles(root)).toEqual([
      'README.md',
      'docs/decisions/README.md',
      'docs/decisions/leads.md',
      'docs/decisions/one-flow.md',
      'docs/getting-started.md',
    ]);
    expect(checkDocs(root)).toEqual([]);
  });

  it('names each broken link with its file and line', () => {
    const root = repository({
      ...validSample,
      'docs/broken.md': [
        '# Broken',
        '',
        'A [missing page](missing.md), [outside](../../shared/spec/product-spec.md),',
        'a [bad anchor](getting-started.md#no-such-heading), [from the root](/docs/getting-started.md),',
        'an [anchor on a folder](decisions/#context).',
      ].join('\n'),
    });
    expect(checkDocs(root)).toEqual([
      { file: 'docs/broken.md', line: 3, message: 'missing.md: docs/missing.md does not exist' },
      {
        file: 'docs/broken.md',
        line: 3,
        message: '../../shared/spec/product-spec.md: outside the repository; name the file in prose instead',
      },
      {
        file: 'docs/broken.md',
        line: 4,
        message:
          'getting-started.md#no-such-heading: docs/getting-started.md has no heading #no-such-heading',
      },
      {
        file: 'docs/broken.md',
        line: 4,
        message: '/docs/getting-started.md: write links relative to the file, not from /',
      },
      {
        file: 'docs/broken.md',
        line: 5,
        message: 'decisions/#context: an anchor on something that is not a Markdown file',
      },
    ]);
  });
  it('lets an allowed file be missing, and says when it exists', () => {
    const files = { ...validSample, 'README.md': 'See [the API](docs/api.md).\n' };
    const root = repository(files);
    expect(checkDocs(root, { allowMissing: ['docs/api.md'] })).toEqual([]);
    expect(staleAllowances(root, ['docs/api.md'])).toEqual([]);
    expect(checkDocs(root)).toHaveLength(1);
    const generated = repository({ ...files, 'docs/api.md': '# API\n' });
    expect(checkDocs(generated, { allowMissing: ['docs/api.md'] })).toEqual([]);
    expect(staleAllowances(generated, ['docs/api.md'])).toEqual(['docs/api.md']);
  });

  it('fails when a decision record is not in the index or lacks a section', () => {
    const root = repository({
      ...validSample,
      'docs/decisions/unlisted.md': record('Unlisted'),
      'docs/decisions/no-consequences.md': '# Half\n\n## Context\n\n## Decision\n',
      'docs/decisions/README.md':
        '# Decisions\n\n- [One flow](one-flow.md)\n- [Leads](leads.md)\n- [Half](./no-consequences.md)\n',
    });
    expect(checkDocs(root)).toEqual([
      { file: 'docs/decisions/no-consequences.md', line: 1, message: 'no "## Consequences" section' },
      { file: 'docs/decisions/README.md', line: 1, message: 'unlisted.md is not in the index' },
    ]);
  });
});

describe('its Markdown reading', () => {
  it('takes inline links, images and reference definitions, not code', () => {
    const text =
      'A [a](x.md "title") ![i](<img.png>) `[c](code.md)`\n\n```\n[f](fenced.md)\n```\n[r]: ref.md\n';
    expect(extractLinks(text)).toEqual([
      { target: 'x.md', line: 1 },
      { target: 'img.png', line: 1 },
      { target: 'ref.md', line: 6 },
    ]);
  });

  it("makes GitHub's anchors, numbering repeated headings", () => {
    expect(headingSlug('`npm start`')).toBe('npm-start');
    expect(headingSlug('Account, plans and billing')).toBe('account-plans-and-billing');
    expect(headingSlug('Bundles **and** [cold starts](x.md)')).toBe('bundles-and-cold-starts');
    expect(headingSlug('Market data, options engine & scanner')).toBe('market-data-options-engine--scanner');
    expect([...headingAnchors('# Tests\n## Tests\n```\n# not a heading\n```\n### Tests #\n')]).toEqual([
      'tests',
      'tests-1',
      'tests-2',
    ]);
  });
});
