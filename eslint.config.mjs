// One ESLint flat config for the whole repository (`npm run lint`). Besides the usual rules, it
// writes down the architecture that DESIGN.md states in prose, so a broken boundary fails CI:
// - a remote never imports another remote or the shell; the shell imports no remote's source;
// - shared-kit imports no remote, no shell and no server; api-server imports no front-end package;
// - axios is imported only inside shared-kit/api-client (every call goes through it);
// - no page imports a router: pages use design-kit's navigation facade, the shell mounts the router;
// - the API contract imports no app, and the front end takes only its types (`import type`), so no
//   TypeBox code reaches the browser;
// - inside api-server/src, each layer imports only those below it (domain < infra, repositories <
//   services < http < web < routes < plugins), and domain/ holds rules without Fastify or I/O.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import globals from 'globals';

const remotes = ['organiser-remote', 'guest-remote', 'gallery-remote'];
const frontEnd = ['shell', ...remotes, 'shared-kit/design-kit', 'shared-kit/api-client'];
const packageNames = {
  shell: '@momentos/shell',
  'organiser-remote': '@momentos/organiser-remote',
  'guest-remote': '@momentos/guest-remote',
  'gallery-remote': '@momentos/gallery-remote',
  'shared-kit/design-kit': '@momentos/design-kit',
  'shared-kit/api-client': '@momentos/api-client',
  'shared-kit/api-contract': '@momentos/api-contract',
  'api-server': '@momentos/api-server',
};

/**
 * The import boundaries: for each folder, the folders it must never import from. Checked twice: on
 * resolved file paths (relative imports) by import-x's no-restricted-paths, and on package names by
 * no-restricted-imports (a workspace package resolves through node_modules).
 */
const forbidden = {
  shell: remotes,
  'organiser-remote': ['shell', 'guest-remote', 'gallery-remote'],
  'guest-remote': ['shell', 'organiser-remote', 'gallery-remote'],
  'gallery-remote': ['shell', 'organiser-remote', 'guest-remote'],
  'shared-kit/design-kit': ['shell', ...remotes, 'api-server'],
  'shared-kit/api-client': ['shell', ...remotes, 'api-server'],
  'shared-kit/api-contract': [...frontEnd, 'api-server'],
  'api-server': frontEnd,
};

const contractTypesOnly = 'The front end takes only types from @momentos/api-contract (import type / export type): its schemas stay on the server.';

const boundaryMessage = (from, to) => `${from} must not import ${to} (see docs/decisions.md, 'Boundaries').`;

const routerMessage =
  'Pages navigate through the facade of @momentos/design-kit (useParams, useNavigate, useLocation, Link, Navigate); the router is bundled once, in the shell (docs/decisions.md, \'The router\').';
/** Routers are imported only by design-kit's router adapter (src/router), which the shell mounts. */
const routerPackages = ['react-router-dom', 'react-router'].map((name) => ({ name, message: routerMessage }));
const routerPatterns = [{ group: ['react-router/*', 'react-router-dom/*'], message: routerMessage }];
/** A remote's pages must not mount a router of their own: only its standalone bootstrap and its tests do. */
const routerAdapter = [{ group: ['@momentos/design-kit/router'], message: routerMessage }];

function boundaryConfig(folder, { files = [`${folder}/**/*.{ts,tsx,js,mjs,cjs}`], ignores = [], extraPatterns = [] } = {}) {
  const banned = forbidden[folder];
  const routerBanned = frontEnd.includes(folder) && !(folder === 'shared-kit/design-kit' && files.some((glob) => glob.includes('/src/router/')));
  return {
    files,
    ignores,
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { zones: banned.map((other) => ({ target: `./${folder}`, from: `./${other}`, message: boundaryMessage(folder, other) })) },
      ],
      'no-restricted-imports': [
        'error',
        {
          paths: [
            ...(folder === 'shared-kit/api-client' ? [] : [{ name: 'axios', message: 'axios is used only inside shared-kit/api-client: call the API through @momentos/api-client.' }]),
            ...(routerBanned ? routerPackages : []),
          ],
          patterns: [
            ...banned.map((other) => ({
              group: [packageNames[other], `${packageNames[other]}/*`],
              message: boundaryMessage(folder, other),
            })),
            ...(routerBanned ? routerPatterns : []),
            ...extraPatterns,
          ],
        },
      ],
    },
  };
}

/** Every folder's boundaries; a remote's screens also keep away from the router adapter, design-kit's adapter may use the router. */
function boundaryConfigs(folder) {
  if (remotes.includes(folder)) {
    const screens = [`${folder}/src/features/**`, `${folder}/src/layout/**`, `${folder}/src/routes.ts`];
    return [
      boundaryConfig(folder),
      boundaryConfig(folder, { files: screens.map((glob) => `${glob.endsWith('.ts') ? glob : `${glob}/*.{ts,tsx}`}`), ignores: ['**/__tests__/**'], extraPatterns: routerAdapter }),
    ];
  }
  if (folder === 'shared-kit/design-kit') {
    return [boundaryConfig(folder), boundaryConfig(folder, { files: [`${folder}/src/router/**/*.{ts,tsx}`] })];
  }
  return [boundaryConfig(folder)];
}

/**
 * The server's layers (docs/decisions.md, 'The server's layers'): inside api-server/src, each folder
 * imports only the layers below it. domain/ (rules) < infra/ (I/O adapters) and repositories/
 * (queries) < services/ (orchestration) < http/ (request helpers) < web/ (the front end's pages) <
 * routes/ < plugins/ (wiring), app.ts, server.ts and cli/ on top. Rules also stay free of the framework
 * and of I/O packages, and nothing under plugins/ is imported from below.
 */
const serverTop = ['plugins', 'cli', 'app.ts', 'server.ts'];
const serverLayers = {
  domain: ['infra', 'services', 'repositories', 'http', 'web', 'routes', 'db/connection.ts', 'db/sqlite-driver.ts', 'db/migrations', ...serverTop],
  infra: ['services', 'repositories', 'http', 'web', 'routes', ...serverTop],
  repositories: ['infra', 'services', 'http', 'web', 'routes', ...serverTop],
  services: ['http', 'web', 'routes', ...serverTop],
  http: ['web', 'routes', ...serverTop],
  web: ['routes', ...serverTop],
  routes: serverTop,
};
const layerMessage = (layer, other) => `api-server/src/${layer} must not import ${other} (see docs/decisions.md, 'The server's layers').`;
const frameworkPackages = ['fastify', 'fastify-plugin', '@fastify/*'];
/** I/O a rule never does: files, processes, network, database, object storage, image decoding. */
const ioPackages = ['fs', 'fs/*', 'node:fs', 'node:fs/*', 'child_process', 'node:child_process', 'net', 'node:net', 'dns', 'node:dns', 'http', 'node:http', 'https', 'node:https', 'kysely', 'pg', 'pg-boss', '@aws-sdk/*', 'sharp'];
const serverLayerPackages = {
  domain: [
    { group: frameworkPackages, message: 'A rule of api-server/src/domain takes plain values: no Fastify (see docs/decisions.md, \'The server\'s layers\').' },
    { group: ioPackages, message: 'A rule of api-server/src/domain does no I/O: no files, processes, network or database; infra/ and services/ do (see docs/decisions.md, \'The server\'s layers\').' },
  ],
  infra: [{ group: frameworkPackages, message: 'api-server/src/infra knows no web framework: http/, web/, routes/ and plugins/ do (see docs/decisions.md, \'The server\'s layers\').' }],
  repositories: [{ group: frameworkPackages, message: 'api-server/src/repositories knows no web framework (see docs/decisions.md, \'The server\'s layers\').' }],
  services: [{ group: frameworkPackages, message: 'api-server/src/services takes plain values, never a request: no Fastify (see docs/decisions.md, \'The server\'s layers\').' }],
};

/** One config per layer; it repeats api-server's package boundaries, since a later config's rule options replace an earlier one's. */
function serverLayerConfigs() {
  const server = boundaryConfig('api-server');
  return Object.entries(serverLayers).map(([layer, below]) => ({
    files: [`api-server/src/${layer}/**/*.ts`],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...server.rules['import-x/no-restricted-paths'][1].zones,
            ...below.map((other) => ({ target: `./api-server/src/${layer}`, from: `./api-server/src/${other}`, message: layerMessage(layer, other) })),
          ],
        },
      ],
      'no-restricted-imports': [
        'error',
        {
          paths: server.rules['no-restricted-imports'][1].paths,
          patterns: [...server.rules['no-restricted-imports'][1].patterns, ...(serverLayerPackages[layer] ?? [])],
        },
      ],
    },
  }));
}

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/coverage/**',
      '**/.turbo/**',
      '**/@mf-types/**',
      '**/test-results/**',
      '**/playwright-report/**',
      '.test-results/**',
      'data/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2022,
      sourceType: 'module',
      globals: { ...globals.node },
    },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          alwaysTryTypes: true,
          project: ['tsconfig.json', '*/tsconfig.json', 'shared-kit/*/tsconfig.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'import-x/no-self-import': 'error',
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      eqeqeq: ['error', 'always', { null: 'ignore' }],
      'no-console': ['error', { allow: ['warn', 'error', 'info'] }],
    },
  },
  // Type-aware rules for TypeScript sources: the mistakes swc would let through (it strips types).
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': [
        'error',
        { ignoreVoid: true },
      ],
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/no-unnecessary-type-assertion': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': ['error', { considerDefaultExhaustiveForUnions: true }],
    },
  },
  // React: hooks rules and accessibility in every front-end package.
  {
    files: frontEnd.map((folder) => `${folder}/**/*.{ts,tsx}`),
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      // The two classic hook rules. The React Compiler rules of eslint-plugin-react-hooks 7 are not
      // on: we do not build with the compiler (docs/decisions.md, 'Lint').
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      ...jsxA11y.flatConfigs.recommended.rules,
    },
  },
  ...Object.keys(forbidden).flatMap(boundaryConfigs),
  // The server's layers, inside api-server/src.
  ...serverLayerConfigs(),
  // The front end uses the API contract for its types only: its schemas (TypeBox) stay on the server.
  {
    files: frontEnd.map((folder) => `${folder}/**/*.{ts,tsx}`),
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [{ name: '@momentos/api-contract', allowTypeImports: true, message: contractTypesOnly }],
          patterns: [{ group: ['@momentos/api-contract/*'], allowTypeImports: true, message: contractTypesOnly }],
        },
      ],
    },
  },
  // Tests, scripts and benchmarks may log and use CommonJS.
  {
    files: ['**/__tests__/**', '**/test/**', '**/*.test.{ts,tsx}', 'e2e/**', 'bench/**', 'scripts/**', '**/scripts/**', 'test-support/**', '**/*.cjs'],
    // Benchmarks and browser tests also run code inside the page (page.evaluate).
    languageOptions: { globals: { ...globals.node, ...globals.jest, ...globals.browser } },
    rules: {
      'no-console': 'off',
      '@typescript-eslint/no-require-imports': 'off',
      // Playwright fixtures take `{}` when they use no other fixture.
      'no-empty-pattern': ['error', { allowObjectPatternsAsParameters: true }],
    },
  },
  // Browser tests take `test` from the guard that fails them on a Content-Security-Policy violation.
  {
    files: ['e2e/tests/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@playwright/test',
              importNames: ['test', 'expect'],
              message: 'import test and expect from e2e/support (csp-guard or fixtures): they fail a test on any CSP violation.',
            },
          ],
        },
      ],
    },
  },
);
