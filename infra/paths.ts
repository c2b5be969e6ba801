import { fileURLToPath } from 'node:url';

/** Repository root: where package-lock.json, tsconfig.json and lambdas/ live. */
export const projectRoot = fileURLToPath(new URL('..', import.meta.url));

/** `lambdas/<area>/<file>.ts`, the entry a NodejsFunction bundles. */
export function lambdaEntry(area: string, file: 'handler' | 'jobs' | 'worker' | 'feedback'): string {
  return fileURLToPath(new URL(`../lambdas/${area}/${file}.ts`, import.meta.url));
}
