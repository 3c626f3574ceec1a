// ESLint flat config for the whole monorepo (`npm run lint` = `eslint .`).
//
// Three layers:
//   1. recommended JS everywhere, typescript-eslint recommended on TypeScript files;
//   2. package boundaries everywhere: no deep imports into another package (only the subpaths its
//      package.json `exports` declares) and no relative imports that climb out of a package;
//   3. engine purity in engine/src (tests and benchmarks excepted): no DOM, Node, timer, network,
//      WebAssembly or eval globals, no Node built-in modules and no imports of any app package.
// Rule tests: api/src/lint-rules.test.ts.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const repoRoot = import.meta.dirname;

/** @param {string} file */
const readJson = (file) => JSON.parse(readFileSync(path.join(repoRoot, file), 'utf8'));

/** Workspace directories (engine, engine-cli, web, api) and their package names. */
const workspaces = /** @type {string[]} */ (readJson('package.json').workspaces).map((dir) => {
  const manifest = readJson(path.join(dir, 'package.json'));
  return {
    dir,
    name: /** @type {string} */ (manifest.name),
    subpaths: Object.keys(manifest.exports ?? {})
      .filter((key) => key !== '.')
      .map((key) => key.slice(2)),
  };
});

const escapeRegex = (/** @type {string} */ text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** `@rainplan/<pkg>/<anything>` except the subpaths a package declares in its `exports`. */
const declaredSubpaths = workspaces.flatMap(({ name, subpaths }) =>
  subpaths.map((subpath) => escapeRegex(`${name.slice('@rainplan/'.length)}/${subpath}`)),
);
const deepImportPattern = {
  regex:
    declaredSubpaths.length > 0
      ? `^@rainplan/(?!(?:${declaredSubpaths.join('|')})$)[^/]+/.+`
      : '^@rainplan/[^/]+/.+',
  message:
    'Deep import into another package. Import the package itself or a subpath it declares in package.json "exports" (e.g. @rainplan/engine/tables).',
};

/** The engine's test helpers (`@rainplan/engine/testing`, decision 0237) outside tests and benches. */
const testingOnlyPattern = {
  regex: '^@rainplan/engine/testing$',
  message: '@rainplan/engine/testing holds test helpers: import it only from tests, test helpers and benches.',
};

/** Tests, test helpers and benches: the files that may import `@rainplan/engine/testing`. */
const TEST_FILES = ['**/*.test.{ts,tsx}', '**/*.test-helpers.ts', '**/testing/**', 'web/src/test/**', 'web/src/e2e/**', '**/bench/**', '**/scripts/bench*.ts'];

const ENGINE_FORBIDDEN_GLOBALS = [
  'window',
  'document',
  'navigator',
  'localStorage',
  'sessionStorage',
  'fetch',
  'XMLHttpRequest',
  'WebSocket',
  'setTimeout',
  'setInterval',
  'setImmediate',
  'clearTimeout',
  'clearInterval',
  'requestAnimationFrame',
  'process',
  'Buffer',
  'require',
  '__dirname',
  '__filename',
  'global',
  'WebAssembly',
  'Worker',
  'self',
];
const ENGINE_GLOBAL_MESSAGE =
  'The engine is pure: no DOM, Node, timer, network or WebAssembly globals (docs: engine/CONTEXT.md). Take inputs as arguments.';

const NODE_BUILTINS = [
  'fs',
  'path',
  'os',
  'child_process',
  'crypto',
  'http',
  'https',
  'url',
  'worker_threads',
];

/**
 * Relative imports must stay inside the importing file's package: code of another package is
 * reached through its package name (and so through its declared exports), never through `../`.
 * @type {import('eslint').Rule.RuleModule}
 */
const noCrossPackageRelativeImport = {
  meta: {
    type: 'problem',
    docs: { description: 'Forbid relative imports that leave the current workspace package.' },
    schema: [],
    messages: {
      leavesPackage:
        "Relative import '{{source}}' leaves the package '{{pkg}}'. Import the other package by its name (e.g. @rainplan/engine) instead.",
    },
  },
  create(context) {
    const file = path.resolve(context.cwd, context.filename);
    const fromRoot = path.relative(repoRoot, file);
    const workspace = workspaces.find(({ dir }) => fromRoot.startsWith(dir + path.sep));
    if (workspace === undefined) return {};
    const packageDir = path.join(repoRoot, workspace.dir);

    /** @param {import('estree').Node | null | undefined} node */
    const check = (node) => {
      if (node?.type !== 'Literal' || typeof node.value !== 'string') return;
      const source = node.value;
      if (!source.startsWith('.')) return;
      const target = path.resolve(path.dirname(file), source);
      if (target !== packageDir && !target.startsWith(packageDir + path.sep)) {
        context.report({ node, messageId: 'leavesPackage', data: { source, pkg: workspace.name } });
      }
    };

    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
      CallExpression: (node) => {
        if (node.callee.type === 'Identifier' && node.callee.name === 'require') check(node.arguments[0]);
      },
    };
  },
};

const TS_FILES = ['**/*.{ts,tsx,mts,cts}'];
const ENGINE_PURE_FILES = ['engine/src/**/*.{ts,tsx,mts,cts,js,mjs}'];
// src/testing/ (test helpers) is pure too: what needs Node lives in engine/test-support/.
const ENGINE_NON_PURE_FILES = ['engine/src/**/*.test.ts', 'engine/src/**/*.bench.ts'];

export default defineConfig([
  globalIgnores(['**/dist/', '**/node_modules/', '**/.turbo/', '**/coverage/']),

  js.configs.recommended,
  ...tseslint.configs.recommended.map((config) => ({ ...config, files: TS_FILES })),

  {
    name: 'rainplan/languages',
    languageOptions: { ecmaVersion: 'latest', sourceType: 'module', globals: { ...globals.node } },
  },
  {
    name: 'rainplan/web-globals',
    files: ['web/src/**'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    name: 'rainplan/engine-globals',
    files: ENGINE_PURE_FILES,
    ignores: ENGINE_NON_PURE_FILES,
    // ES built-ins only: the engine runs unchanged in browsers, workers and Node.
    languageOptions: { globals: { ...globals.es2023 } },
  },

  {
    name: 'rainplan/typescript',
    files: TS_FILES,
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' },
      ],
    },
  },

  {
    name: 'rainplan/package-boundaries',
    plugins: { rainplan: { rules: { 'no-cross-package-relative-import': noCrossPackageRelativeImport } } },
    rules: {
      'rainplan/no-cross-package-relative-import': 'error',
      'no-restricted-imports': ['error', { patterns: [deepImportPattern, testingOnlyPattern] }],
    },
  },

  {
    // @rainplan/engine/testing (decision 0237) is for tests and benches only.
    name: 'rainplan/testing-helpers-in-tests',
    files: TEST_FILES,
    rules: {
      'no-restricted-imports': ['error', { patterns: [deepImportPattern] }],
    },
  },

  {
    name: 'rainplan/engine-purity',
    files: ENGINE_PURE_FILES,
    ignores: ENGINE_NON_PURE_FILES,
    rules: {
      'no-restricted-globals': [
        'error',
        ...ENGINE_FORBIDDEN_GLOBALS.map((name) => ({ name, message: ENGINE_GLOBAL_MESSAGE })),
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[object.name='WebAssembly']",
          message: 'The engine must not use WebAssembly.',
        },
        {
          selector: `MemberExpression[object.name=/^(globalThis|self|window|global)$/][property.name=/^(${ENGINE_FORBIDDEN_GLOBALS.join('|')})$/]`,
          message: ENGINE_GLOBAL_MESSAGE,
        },
        { selector: "CallExpression[callee.name='eval']", message: 'No eval in the engine.' },
        {
          selector: "NewExpression[callee.name='Function'], CallExpression[callee.name='Function']",
          message: 'No new Function (code from strings) in the engine.',
        },
      ],
      // Replaces the package-boundaries option for these files (flat config does not merge
      // options), so the deep-import pattern is repeated here.
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            deepImportPattern,
            {
              regex: `^(?:node:.*|(?:${NODE_BUILTINS.join('|')})(?:/.*)?)$`,
              message:
                'The engine is pure: no Node built-in modules. Inputs that need I/O enter as strings or Uint8Array.',
            },
            {
              regex: '^@rainplan/',
              message:
                'The engine depends on no app package (@rainplan/api, /web, /engine-cli) and imports itself relatively.',
            },
          ],
        },
      ],
    },
  },
]);
