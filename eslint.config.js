import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y-x';
import reactHooks from 'eslint-plugin-react-hooks';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const features = readdirSync(new URL('./frontend/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** A path written out ('/api/trades', `/api/trades/${id}`) instead of `apiPath(routeId)`. */
const literalApiPaths = [
  {
    selector: 'Literal[value=/^\\/api(\\/|$)/]',
    message: "Take the path from the route table: apiPath('routeId').",
  },
  {
    selector: 'TemplateLiteral > TemplateElement:first-child[value.raw=/^\\/api(\\/|$)/]',
    message: "Take the path from the route table: apiPath('routeId').",
  },
];

export default tseslint.config(
  {
    ignores: [
      'node_modules',
      'cdk.out',
      'frontend/dist',
      '.data',
      'test-results',
      'playwright-report',
      '**/*.d.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { 'import-x': importX },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': [
        'error',
        { fixStyle: 'inline-type-imports', disallowTypeAnnotations: false },
      ],
      'no-console': 'off',
      // Cycles among our own files; following imports into node_modules (aws-cdk-lib's typings)
      // cost most of the lint's time and memory and can find nothing of ours.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // shared/ is imported by everything and imports nothing of ours.
    files: ['shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/lambdas/**', '**/infra/**', '**/frontend/**', '**/scripts/**', '**/tests/**'],
              message: 'shared/ imports nothing of ours.',
            },
          ],
        },
      ],
    },
  },
  {
    // Server code imports zod as a namespace, which esbuild tree-shakes; `import { z }` binds zod's
    // whole namespace object and puts all of zod (about 350 KB) in every Lambda bundle.
    files: ['shared/**/*.ts', 'lambdas/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "ImportDeclaration[source.value='zod'][importKind='value'] > ImportSpecifier[imported.name='z'][importKind='value']",
          message: "Write `import * as z from 'zod'`: esbuild tree-shakes it, `{ z }` bundles all of zod.",
        },
      ],
    },
  },
  {
    // One file per icon: the lucide-react barrel re-exports ~2,400 icons, which the dev server and
    // the jsdom tests load whole (seconds per test file); the build tree-shakes either way.
    files: ['frontend/**/*.{ts,tsx}', 'tests/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "ImportDeclaration[source.value='lucide-react'][importKind='value'] > ImportSpecifier[importKind='value']",
          message: "Import each icon from its own module: `import Bell from 'lucide-react/icons/bell'`.",
        },
      ],
    },
  },
  {
    // Features never import each other; routes in src/app compose them. One zone per feature.
    files: ['frontend/src/**/*.{ts,tsx}'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: fileURLToPath(new URL('.', import.meta.url)),
          zones: [
            ...features.map((feature) => ({
              target: `./frontend/src/features/${feature}`,
              from: './frontend/src/features',
              except: [`./${feature}`],
              message: 'Features do not import each other; compose them in src/app.',
            })),
            // Shared building blocks never reach up into features or the app.
            {
              target: ['./frontend/src/components', './frontend/src/lib'],
              from: ['./frontend/src/features', './frontend/src/app'],
            },
          ],
        },
      ],
    },
  },
  {
    // One contract: paths come from the route table (apiPath) and answers are parsed with the
    // shared schemas of shared/src/api/contract.ts, never re-declared in the browser.
    files: ['frontend/src/**/*.{ts,tsx}'],
    rules: { 'no-restricted-syntax': ['error', ...literalApiPaths] },
  },
  {
    files: ['frontend/src/features/*/api/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: ['zod', 'zod/mini', 'zod/v4'].map((name) => ({
            name,
            message:
              "An API file parses with the route's shared schema (shared/src/api/contract.ts); add a missing one to shared/.",
          })),
        },
      ],
      'no-restricted-syntax': [
        'error',
        ...literalApiPaths,
        {
          selector: 'CallExpression[callee.property.name=/^(extend|safeExtend|pick|omit|partial|merge)$/]',
          message: "An API file parses with the route's shared schema as it is; change it in shared/.",
        },
      ],
    },
  },
  {
    files: ['frontend/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // Promises are awaited (or deliberately `void`ed), and never handed to what ignores them
    // (an event handler, a forEach, a condition). These need type information: the project service
    // reads tsconfig.json once for every TypeScript file.
    files: ['**/*.{ts,tsx}'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
  {
    // Accessible UI: every control named, every image described, interactions on interactive elements.
    files: ['frontend/**/*.tsx'],
    ...jsxA11y.configs.recommended,
    rules: {
      ...jsxA11y.configs.recommended.rules,
      // A press on a modal <dialog>'s backdrop closes it; from the keyboard, Escape does (the
      // dialog's own cancel event).
      'jsx-a11y-x/no-noninteractive-element-interactions': [
        'error',
        withDialogBackdrop(
          jsxA11y.configs.recommended.rules['jsx-a11y-x/no-noninteractive-element-interactions'],
        ),
      ],
      // A scrolling region (role="region" with a name) takes focus so the keyboard can scroll it.
      'jsx-a11y-x/no-noninteractive-tabindex': [
        'error',
        { tags: [], roles: ['tabpanel', 'region'], allowExpressionValues: true },
      ],
    },
  },
);

function withDialogBackdrop([, options]) {
  return { ...options, dialog: [...(options.dialog ?? []), 'onClick', 'onMouseDown'] };
}
