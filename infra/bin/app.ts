/**
 * The CDK app: the only place that reads context (`-c stage=NAME`, `-c allowMissingFrontend=true`)
 * and the environment. Everything else receives typed props.
 */
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { App } from 'aws-cdk-lib';
import { buildApp } from '../app-builder';
import { isStageName, stages } from '../config/stages';

const app = new App();

const stageName = String(app.node.tryGetContext('stage') ?? 'dev');
if (!isStageName(stageName)) {
  throw new Error(`Unknown stage "${stageName}". Use -c stage=<${Object.keys(stages).join('|')}>.`);
}
const stage = stages[stageName];

const frontendDist = fileURLToPath(new URL('../../frontend/dist', import.meta.url));
const allowMissingFrontend = String(app.node.tryGetContext('allowMissingFrontend')) === 'true';

function frontendAssetPath(): string {
  if (existsSync(join(frontendDist, 'index.html'))) return frontendDist;
  if (!allowMissingFrontend) {
    throw new Error(
      `No built frontend at ${frontendDist}. Run \`npm run build\` before \`cdk deploy\` ` +
        '(or pass -c allowMissingFrontend=true to synthesize with a placeholder page).',
    );
  }
  // A placeholder outside the repo, so a later deploy without the flag still insists on a build.
  const placeholder = mkdtempSync(join(tmpdir(), 'edge-options-frontend-'));
  writeFileSync(
    join(placeholder, 'index.html'),
    '<!doctype html><title>Edge Options</title><p>Run <code>npm run build</code> before deploy.</p>\n',
  );
  return placeholder;
}

buildApp(app, {
  stage,
  frontendAssetPath: frontendAssetPath(),
  env: stage.env ?? {
    account: process.env.CDK_DEFAULT_ACCOUNT,
    region: process.env.CDK_DEFAULT_REGION,
  },
});
