/**
 * Lean Lambdas (issue 14): every function is bundled with the AWS SDK inside (the version the
 * lockfile pins, which the tests ran), minified with a source map Node uses for stack traces,
 * traced by X-Ray, and told its Powertools service and metrics namespace.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Template } from 'aws-cdk-lib/assertions';
import * as esbuild from 'esbuild';
import { beforeAll, describe, expect, it } from 'vitest';
import { metricsNamespace } from '@shared/observability';
import { type RouteDefinition, routes } from '@shared/routes';
import { type ScheduleDefinition, schedules } from '@shared/schedules';
import { type TableDefinition, tables } from '@shared/tables';
import { stages } from '../../../infra/config/stages';
import { functionBundling, sourceMapsEnvironment } from '../../../infra/constructs/app-function';
import { appFunctions, esbuildOptions } from '../../bench/bundles';
import { findFunction, loadStage, SYNTH_TIMEOUT_MS, type SynthesizedStage } from './synth-app';

const routeTable = routes as readonly RouteDefinition[];
const jobs = schedules as readonly ScheduleDefinition[];
const routeAndJobFunctions = [
  ...routeTable.map((route) => ({ stack: 'api' as const, exportName: route.id, service: route.area })),
  ...jobs.map((job) => ({ stack: 'feeds' as const, exportName: job.id, service: job.area })),
];

/** What a function's environment names at import time (its tables), so its module loads. */
const tableEnvironment = Object.fromEntries(
  (Object.values(tables) as TableDefinition[]).map((table) => [table.envVar, table.id]),
);

let synthesized: SynthesizedStage;
let templates: Record<'api' | 'feeds' | 'auth', Template>;

beforeAll(async () => {
  // The bundled synthesis: CDK ran esbuild on every entry with functionBundling.
  synthesized = await loadStage('dev');
  templates = synthesized.templates;
}, SYNTH_TIMEOUT_MS);

const sdkVersion = (name: string) =>
  (
    JSON.parse(readFileSync(join('node_modules', name, 'package.json'), 'utf8')) as {
      version: string;
    }
  ).version;

/** The bundle CDK built for a function: the asset directory its code's S3 key names. */
function bundleOf(template: Template, exportName: string): string {
  const { properties } = findFunction(template, exportName);
  const key = (properties.Code as { S3Key?: unknown }).S3Key;
  if (typeof key !== 'string' || !key.endsWith('.zip')) throw new Error(`no asset key on ${exportName}`);
  return join(synthesized.outdir, `asset.${key.slice(0, -'.zip'.length)}`);
}

describe('bundling options (one source of truth for CDK and the bench)', () => {
  it('bundles every module, the AWS SDK included, minified, as ESM for Node.js 22, with source maps', () => {
    expect(functionBundling.externalModules).toEqual([]);
    expect(functionBundling).toMatchObject({
      minify: true,
      sourceMap: true,
      sourcesContent: false,
      format: 'esm',
      target: 'node22',
      forceDockerBundling: false,
    });
    expect(functionBundling.mainFields[0]).toBe('module');
    expect(sourceMapsEnvironment.NODE_OPTIONS).toContain('--enable-source-maps');
  });
});

describe('every app function', () => {
  it.each(routeAndJobFunctions)(
    '$exportName: X-Ray active, Powertools service $service and the stage namespace, source maps on',
    ({ stack, exportName, service }) => {
      const { properties } = findFunction(templates[stack], exportName);
      expect(properties.TracingConfig).toEqual({ Mode: 'Active' });
      expect((properties.Environment as { Variables: Record<string, unknown> }).Variables).toMatchObject({
        POWERTOOLS_SERVICE_NAME: service,
        POWERTOOLS_METRICS_NAMESPACE: metricsNamespace(stages.dev.name),
        NODE_OPTIONS: '--enable-source-maps',
      });
    },
  );

  it('lets functions write traces (and nothing else) through X-Ray', () => {
    const { properties } = findFunction(templates.api, 'scanOptions');
    const roleId = (properties.Role as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
    const policies = Object.values(
      templates.api.findResources('AWS::IAM::Policy') as Record<
        string,
        { Properties: { Roles: unknown; PolicyDocument: { Statement: { Action: string | string[] }[] } } }
      >,
    ).filter((policy) => JSON.stringify(policy.Properties.Roles).includes(`"${roleId}"`));
    const actions = policies.flatMap((policy) =>
      policy.Properties.PolicyDocument.Statement.flatMap((statement) => [statement.Action].flat()),
    );
    expect(actions).toEqual(expect.arrayContaining(['xray:PutTraceSegments', 'xray:PutTelemetryRecords']));
  });
});

describe('the bundles CDK built', () => {
  const bundled = [
    { stack: 'api' as const, exportName: 'scanOptions' },
    { stack: 'feeds' as const, exportName: 'generateFeeds' },
    { stack: 'auth' as const, exportName: 'postConfirmation' },
  ];

  it.each(bundled)(
    '$exportName carries the pinned AWS SDK and loads with no node_modules beside it',
    ({ stack, exportName }) => {
      const code = readFileSync(join(bundleOf(templates[stack], exportName), 'index.mjs'), 'utf8');
      // The SDK is inside, at the lockfile's version (each client's user agent names it)...
      expect(code).toContain(`"${sdkVersion('@aws-sdk/client-dynamodb')}"`);
      // ...and nothing is left for the runtime to resolve: the bundle loads on its own, away
      // from the repository's node_modules (as in Lambda, where only the asset is deployed).
      const alone = mkdtempSync(join(tmpdir(), 'edge-options-bundle-'));
      try {
        copyFileSync(join(bundleOf(templates[stack], exportName), 'index.mjs'), join(alone, 'index.mjs'));
        const loaded = spawnSync(
          process.execPath,
          [
            '--input-type=module',
            '-e',
            `const m = await import('./index.mjs'); console.log(typeof m.${exportName});`,
          ],
          {
            cwd: alone,
            env: {
              ...process.env,
              ...tableEnvironment,
              AWS_REGION: 'us-east-1',
              AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
            },
            encoding: 'utf8',
          },
        );
        expect(loaded.stderr).toBe('');
        expect(loaded.stdout.trim()).toBe('function');
      } finally {
        rmSync(alone, { recursive: true, force: true });
      }
    },
  );

  it.each(bundled)('$exportName is minified, with its source map beside it', ({ stack, exportName }) => {
    const directory = bundleOf(templates[stack], exportName);
    const code = readFileSync(join(directory, 'index.mjs'), 'utf8');
    expect(code.trimEnd().endsWith('//# sourceMappingURL=index.mjs.map')).toBe(true);
    expect(existsSync(join(directory, 'index.mjs.map'))).toBe(true);
    // Minified: a few very long lines, not one statement per line.
    expect(code.split('\n').length).toBeLessThan(code.length / 500);
  });

  it('is what the bench builds: esbuild with the same options gives the same code', async () => {
    const [scanner] = appFunctions().filter((fn) => fn.name === 'scanOptions');
    const outdir = mkdtempSync(join(tmpdir(), 'edge-options-bench-bundle-'));
    try {
      await esbuild.build(esbuildOptions(scanner!.entry, join(outdir, 'index.mjs')));
      expect(readFileSync(join(outdir, 'index.mjs'), 'utf8')).toBe(
        readFileSync(join(bundleOf(templates.api, 'scanOptions'), 'index.mjs'), 'utf8'),
      );
    } finally {
      rmSync(outdir, { recursive: true, force: true });
    }
  });

  it('gives the Cognito trigger the same source maps', () => {
    const { properties } = findFunction(templates.auth, 'postConfirmation');
    expect((properties.Environment as { Variables: Record<string, unknown> }).Variables).toMatchObject(
      sourceMapsEnvironment,
    );
  });
});
