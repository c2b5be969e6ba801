/**
 * The local user pool wires cognito-local's private modules itself
 * (scripts/local/cognito-local-internals.ts). They may move in any release, so the pin is tested:
 * the installed version is the pinned one, and every private module loads with the exports the
 * local pool uses. A failure names what moved.
 */
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import {
  PINNED_COGNITO_LOCAL_VERSION,
  PRIVATE_MODULES,
  installedCognitoLocalVersion,
  loadPrivate,
  type PrivateModule,
} from '../../../scripts/local/cognito-local-internals';

const require = createRequire(import.meta.url);

describe("the pin of cognito-local's private modules", () => {
  it('matches the installed cognito-local and the exact version package.json asks for', () => {
    const installed = installedCognitoLocalVersion();
    expect(
      installed,
      `cognito-local ${installed} is installed but the local pool is pinned to ${PINNED_COGNITO_LOCAL_VERSION}: ` +
        'check the private modules in scripts/local/cognito-local-internals.ts still exist, then update the pin',
    ).toBe(PINNED_COGNITO_LOCAL_VERSION);
    const manifest = require('../../../package.json') as { devDependencies: Record<string, string> };
    expect(manifest.devDependencies['cognito-local'], 'package.json must pin cognito-local exactly').toBe(
      PINNED_COGNITO_LOCAL_VERSION,
    );
  });

  it.each(Object.entries(PRIVATE_MODULES))(
    'loads %s with the exports the local pool uses',
    (module, names) => {
      const loaded = loadPrivate<Record<string, unknown>>(module as PrivateModule);
      for (const name of names) expect(loaded[name], `${module} exports ${name}`).toBeDefined();
    },
  );

  it('names the module that moved, or the export it lost, with the installed and pinned versions', () => {
    const versions = `cognito-local ${installedCognitoLocalVersion()} is installed; scripts/local/cognito-local-internals.ts is pinned to ${PINNED_COGNITO_LOCAL_VERSION}`;
    expect(() => loadPrivate('cognito-local/lib/moved-away' as PrivateModule)).toThrow(
      `${versions}, and its private module cognito-local/lib/moved-away no longer loads`,
    );
    expect(() => loadPrivate('cognito-local/lib/services/otp', ['otp', 'renamedExport'])).toThrow(
      `${versions}, and its private module cognito-local/lib/services/otp no longer exports renamedExport`,
    );
  });
});
