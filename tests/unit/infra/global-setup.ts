/**
 * Gives the infra tests of one vitest run a shared directory where each stage's app is
 * synthesized once (by whichever test file needs it first) and read by every other file; see
 * `loadStage` in ./synth-app.ts. Cheap: it only makes and, at the end, removes a directory, so
 * a run of other unit tests pays nothing for it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where this run's shared cloud assemblies live (one subdirectory per stage). */
    infraSynthDir: string;
  }
}

let directory: string | undefined;

export function setup(project: TestProject) {
  directory = mkdtempSync(join(tmpdir(), 'edge-options-infra-synth-'));
  project.provide('infraSynthDir', directory);
}

export function teardown() {
  if (directory) rmSync(directory, { recursive: true, force: true });
}
