/**
 * Builds and synthesizes the whole app of one stage exactly as `bin/app.ts` does (same builder,
 * same cdk.json feature flags, cdk-nag included) into a temp directory, with a minimal frontend.
 * Bundling is skipped unless asked for: it costs seconds and one test file covers it.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App, type Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { type AppStacks, buildApp } from '../../../infra/app-builder';
import { type StageConfig } from '../../../infra/config/stages';

const cdkJson = JSON.parse(readFileSync(new URL('../../../cdk.json', import.meta.url), 'utf8')) as {
  context: Record<string, unknown>;
};

export interface SynthesizedApp {
  stacks: AppStacks;
  /** The cloud assembly directory (assets included). */
  outdir: string;
  template: (stack: Stack) => Template;
  /** Violations the validation plugins (cdk-nag) reported and nothing acknowledged. */
  violations: { pluginName: string; ruleName: string; severity?: string }[];
}

export function synthApp(
  stage: StageConfig,
  options: { bundle?: boolean; extend?: (stacks: AppStacks) => void } = {},
): SynthesizedApp {
  const frontend = mkdtempSync(join(tmpdir(), 'edge-options-frontend-'));
  writeFileSync(join(frontend, 'index.html'), '<!doctype html><title>test</title>\n');
  const outdir = mkdtempSync(join(tmpdir(), 'edge-options-cdk-out-'));

  const app = new App({
    outdir,
    context: { ...cdkJson.context, ...(options.bundle ? {} : { 'aws:cdk:bundling-stacks': [] }) },
  });
  const stacks = buildApp(app, { stage, frontendAssetPath: frontend });
  options.extend?.(stacks);
  app.synth();

  const report = JSON.parse(readFileSync(join(outdir, 'validation-report.json'), 'utf8')) as {
    pluginReports: { pluginName: string; violations: { ruleName: string; severity?: string }[] }[];
  };
  const violations = report.pluginReports.flatMap((pluginReport) =>
    pluginReport.violations.map((violation) => ({ pluginName: pluginReport.pluginName, ...violation })),
  );
  const templates = new Map<Stack, Template>();
  const template = (stack: Stack) => {
    if (!templates.has(stack)) templates.set(stack, Template.fromStack(stack));
    return templates.get(stack)!;
  };
  return { stacks, outdir, template, violations };
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
