/**
 * Synthesis for the infra tests.
 *
 * `loadStage` gives every test file the same synthesized app of a stage: within one vitest run
 * each shared stage is synthesized exactly once, by the first test file (worker) that asks for
 * it, into the run's directory from ./global-setup.ts; the other files wait for it and read the
 * templates from the cloud assembly. A lock directory per stage keeps two workers from
 * synthesizing the same stage; a worker that finds a stage locked synthesizes another one it
 * needs meanwhile. Synthesis is the same as `bin/app.ts` (same builder, same cdk.json feature
 * flags, cdk-nag included), with a minimal frontend.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { App, type CfnElement, type Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { type IConstruct } from 'constructs';
import { inject } from 'vitest';
import { type SecretKey } from '@shared/routes';
import { type TableKey } from '@shared/tables';
import { type AppStacks, buildApp } from '../../../infra/app-builder';
import { type StageConfig, stages } from '../../../infra/config/stages';
import { fullStage } from './full-stage';

const cdkJson = JSON.parse(readFileSync(new URL('../../../cdk.json', import.meta.url), 'utf8')) as {
  context: Record<string, unknown>;
};

/**
 * Deliberate time limit of a `beforeAll` that loads stages: the synthesis of every shared stage
 * (one of them bundling every function with esbuild), about 30 s on an idle 2-core machine,
 * with room for the machine being shared by several busy processes. A broken synthesis fails
 * at once with its own error; only a hung one waits this long.
 */
export const SYNTH_TIMEOUT_MS = 600_000;

export interface Violation {
  pluginName: string;
  ruleName: string;
  severity?: string;
}

export interface SynthesizedApp {
  stacks: AppStacks;
  /** The cloud assembly directory (assets included). */
  outdir: string;
  /** Violations the validation plugins (cdk-nag) reported and nothing acknowledged. */
  violations: Violation[];
}

function synthApp(
  stage: StageConfig,
  options: { bundle?: boolean; extend?: (stacks: AppStacks) => void; outdir?: string } = {},
): SynthesizedApp {
  const frontend = mkdtempSync(join(tmpdir(), 'edge-options-frontend-'));
  writeFileSync(join(frontend, 'index.html'), '<!doctype html><title>test</title>\n');
  const outdir = options.outdir ?? mkdtempSync(join(tmpdir(), 'edge-options-cdk-out-'));

  const app = new App({
    outdir,
    context: { ...cdkJson.context, ...(options.bundle ? {} : { 'aws:cdk:bundling-stacks': [] }) },
  });
  const stacks = buildApp(app, { stage, frontendAssetPath: frontend });
  options.extend?.(stacks);
  app.synth();
  rmSync(frontend, { recursive: true, force: true });

  const report = JSON.parse(readFileSync(join(outdir, 'validation-report.json'), 'utf8')) as {
    pluginReports: { pluginName: string; violations: { ruleName: string; severity?: string }[] }[];
  };
  const violations = report.pluginReports.flatMap((pluginReport) =>
    pluginReport.violations.map((violation) => ({ pluginName: pluginReport.pluginName, ...violation })),
  );
  return { stacks, outdir, violations };
}

/** The stages every infra test file shares, each synthesized once per run. */
export const sharedStages = {
  /** The one bundled synthesis: esbuild builds every function's entry, proving each one builds. */
  dev: { config: stages.dev, bundle: true },
  prod: { config: stages.prod, bundle: false },
  /** Every optional setting on (hosted UI, custom domain, alarm email). */
  full: { config: fullStage, bundle: false },
} as const satisfies Record<string, { config: StageConfig; bundle: boolean }>;

export type SharedStageName = keyof typeof sharedStages;
export type StackKey = keyof AppStacks;
/** A stack's template; undefined for a stack the stage does not have (the WAF stacks when off). */
export type StageTemplates = {
  [K in StackKey]-?: undefined extends AppStacks[K] ? Template | undefined : Template;
};

/** Logical ids that need the construct tree to find, recorded at synthesis. */
export interface LogicalIds {
  tables: Record<TableKey, string>;
  secrets: Record<SecretKey, string>;
  userPool: string;
  userPoolClient: string;
}

export interface SynthesizedStage {
  config: StageConfig;
  /** The cloud assembly directory (assets included). */
  outdir: string;
  templates: StageTemplates;
  ids: LogicalIds;
  violations: Violation[];
}

interface Summary {
  templateFiles: Record<StackKey, string>;
  ids: LogicalIds;
  violations: Violation[];
}

const SUMMARY_FILE = 'test-summary.json';

function summarize(stacks: AppStacks, violations: Violation[]): Summary {
  const { auth, data } = stacks;
  const logicalId = (stack: Stack, construct: IConstruct) =>
    stack.getLogicalId(construct.node.defaultChild as CfnElement);
  const dataIds = (constructs: Record<string, IConstruct>) =>
    Object.fromEntries(
      Object.entries(constructs).map(([key, construct]) => [key, logicalId(data, construct)]),
    );
  return {
    templateFiles: Object.fromEntries(
      Object.entries(stacks).flatMap(([key, stack]) => (stack ? [[key, stack.templateFile]] : [])),
    ) as Record<StackKey, string>,
    ids: {
      tables: dataIds(data.tables) as Record<TableKey, string>,
      secrets: dataIds(data.secrets) as Record<SecretKey, string>,
      userPool: logicalId(auth, auth.userPool),
      userPoolClient: logicalId(auth, auth.userPoolClient),
    },
    violations,
  };
}

function readStage(name: SharedStageName, outdir: string): SynthesizedStage {
  const summary = JSON.parse(readFileSync(join(outdir, SUMMARY_FILE), 'utf8')) as Summary;
  const templates = Object.fromEntries(
    Object.entries(summary.templateFiles).map(([key, file]) => [
      key,
      Template.fromJSON(JSON.parse(readFileSync(join(outdir, file), 'utf8')) as Record<string, unknown>),
    ]),
  ) as StageTemplates;
  return {
    config: sharedStages[name].config,
    outdir,
    templates,
    ids: summary.ids,
    violations: summary.violations,
  };
}

let fallbackRoot: string | undefined;
/** The run's directory from the global setup; a private one when a file runs without it. */
function synthRoot(): string {
  const provided = inject('infraSynthDir');
  if (provided) return provided;
  fallbackRoot ??= mkdtempSync(join(tmpdir(), 'edge-options-infra-synth-'));
  return fallbackRoot;
}

function tryLock(lock: string): boolean {
  try {
    mkdirSync(lock);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
  writeFileSync(join(lock, 'pid'), String(process.pid));
  return true;
}

/** A lock whose worker is gone (killed mid-synthesis) is taken over. */
function lockIsStale(lock: string): boolean {
  let pid: number;
  try {
    pid = Number(readFileSync(join(lock, 'pid'), 'utf8'));
  } catch {
    return false; // just created; its pid is being written
  }
  try {
    process.kill(pid, 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

async function synthesizeShared(name: SharedStageName): Promise<SynthesizedStage> {
  const directory = join(synthRoot(), name);
  const lock = `${directory}.lock`;
  const failure = `${directory}.error`;
  for (;;) {
    if (existsSync(join(directory, SUMMARY_FILE))) return readStage(name, directory);
    if (existsSync(failure))
      throw new Error(
        `Synthesis of stage "${name}" failed in another test file:\n${readFileSync(failure, 'utf8')}`,
      );
    if (tryLock(lock)) {
      try {
        // Another worker may have finished between the check above and taking the lock.
        if (existsSync(join(directory, SUMMARY_FILE))) continue;
        const partial = `${directory}.partial`;
        rmSync(partial, { recursive: true, force: true });
        const { config, bundle } = sharedStages[name];
        const { stacks, violations } = synthApp(config, { bundle, outdir: partial });
        writeFileSync(join(partial, SUMMARY_FILE), JSON.stringify(summarize(stacks, violations)));
        renameSync(partial, directory);
      } catch (error) {
        writeFileSync(failure, error instanceof Error ? (error.stack ?? error.message) : String(error));
        throw error;
      } finally {
        rmSync(lock, { recursive: true, force: true });
      }
    } else if (lockIsStale(lock)) {
      rmSync(lock, { recursive: true, force: true });
    } else {
      await sleep(200);
    }
  }
}

const loaded = new Map<SharedStageName, Promise<SynthesizedStage>>();

/** The shared synthesis of a stage (see the top of this file). */
export function loadStage(name: SharedStageName): Promise<SynthesizedStage> {
  if (!loaded.has(name)) loaded.set(name, synthesizeShared(name));
  return loaded.get(name)!;
}

type Resources = Record<string, { Type: string; Properties?: Record<string, unknown> }>;

/** The Lambda function serving export `exportName` (handler `index.<exportName>`). */
export function findFunction(template: Template, exportName: string) {
  const functions = Object.entries(
    template.findResources('AWS::Lambda::Function', {
      Properties: { Handler: `index.${exportName}` },
    }) as Resources,
  );
  if (functions.length !== 1)
    throw new Error(`expected one function for ${exportName}, got ${functions.length}`);
  const [logicalId, resource] = functions[0]!;
  return { logicalId, properties: resource.Properties as Record<string, unknown> };
}

export interface Statement {
  Action: string | string[];
  Resource: unknown;
  Effect: string;
}

/** Every IAM statement attached (through AWS::IAM::Policy) to the function's role. */
export function statementsOfFunction(template: Template, exportName: string): Statement[] {
  const { properties } = findFunction(template, exportName);
  const roleId = (properties.Role as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
  const policies = Object.values(template.findResources('AWS::IAM::Policy') as Resources).filter((policy) =>
    JSON.stringify(policy.Properties?.Roles).includes(`"${roleId}"`),
  );
  return policies.flatMap(
    (policy) => (policy.Properties?.PolicyDocument as { Statement: Statement[] }).Statement,
  );
}

export const actionsOf = (statement: Statement): string[] => [statement.Action].flat();
