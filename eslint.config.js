import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync } from 'node:fs';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';

/**
 * The client's layers import in one direction only: app → features → lib/components. A feature never imports
 * another feature (app/ composes them); lib/ and components/ never import features or app.
 */
const clientFeatures = readdirSync('src/client/features', { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const clientLayerZones = [
  ...clientFeatures.map((feature) => ({
    target: `./src/client/features/${feature}`,
    from: './src/client/features',
    except: [`./${feature}`],
    message: 'A feature never imports another feature: compose them in src/client/app.',
  })),
  {
    target: './src/client/features',
    from: './src/client/app',
    message: 'Features never import app/: move the shared piece down into lib/ or components/.',
  },
  ...['lib', 'components'].map((layer) => ({
    target: `./src/client/${layer}`,
    from: ['./src/client/features', './src/client/app'],
    message: `${layer}/ never imports features or app.`,
  })),
];

/**
 * A server module never imports another module's files: it declares what it needs as a port (its ports.ts) and
 * app.ts hands over what the other module offers. The platform around the modules never imports one. Tests and
 * test helpers may reach across (they drive the whole app).
 */
const serverModules = readdirSync('src/server/modules', { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const serverModuleZones = [
  ...serverModules.map((module) => ({
    target: `./src/server/modules/${module}`,
    from: './src/server/modules',
    except: [`./${module}`, './server-module.ts'],
    message:
      'A module never imports another module: declare a port in its ports.ts and hand it over in app.ts.',
  })),
  {
    target: ['access', 'adapters', 'db', 'http', 'realtime', 'scheduler'].map(
      (layer) => `./src/server/${layer}`,
    ),
    from: './src/server/modules',
    message:
      'The platform never imports a module: app.ts composes the modules and hands them what they need.',
  },
];

/** What the phone's code never imports: the server's files and Node's modules. */
const CLIENT_RESTRICTED_PATTERNS = ['**/server/**', 'node:*'];
const SONNER_ONLY_THROUGH_LIB_TOAST = {
  name: 'sonner',
  allowTypeImports: true,
  message:
    'Import { toast } from src/client/lib/toast.ts: it loads sonner on demand, out of the first download.',
};

/** Globals only Node has, and only browsers have: each side's code must not reach for the other's. */
const NODE_ONLY_GLOBALS = ['process', 'Buffer', 'global', '__dirname', '__filename', 'require', 'module'];
const BROWSER_ONLY_GLOBALS = [
  'window',
  'document',
  'navigator',
  'localStorage',
  'sessionStorage',
  'location',
  'history',
  'HTMLElement',
  'indexedDB',
];

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'data/**',
      'node_modules/**',
      'test-results/**',
      'e2e/artifacts/**',
      'playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      eqeqeq: ['error', 'smart'],
    },
  },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // src/shared is pure: no I/O, no Node or DOM, so both sides can import it.
    files: ['src/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: ['node:*', '../server/*', '../client/*', '**/server/**', '**/client/**'] },
      ],
    },
  },
  {
    // The phone's code runs in a browser: no Node module or global (tsc checks the repository as one program with
    // both platforms' types, so this is what keeps Node out; tsconfig.shared.json keeps both out of src/shared).
    // Toasts go through lib/toast.ts, which loads sonner on demand: a static import of sonner would put all of it
    // back in the first download (README, "Bundle budget").
    files: ['src/client/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: CLIENT_RESTRICTED_PATTERNS, paths: [SONNER_ONLY_THROUGH_LIB_TOAST] },
      ],
      'no-restricted-globals': ['error', ...NODE_ONLY_GLOBALS],
    },
  },
  {
    // A backdrop filter (Tailwind's `backdrop-blur`) is redrawn on every frame composited while it is on screen:
    // on a phone without a usable GPU, and in the browser tests, that was most of the compositing work
    // (docs/decisions/053-no-backdrop-blur.md).
    files: ['src/client/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'Literal[value=/backdrop-(blur|filter)/], TemplateElement[value.raw=/backdrop-(blur|filter)/]',
          message: 'No backdrop filters: see docs/decisions/053-no-backdrop-blur.md.',
        },
      ],
    },
  },
  {
    // Tests do not count towards the first download, and drive sonner directly (setup.ts dismisses its toasts).
    files: ['src/client/**/*.test.{ts,tsx}', 'src/client/testing/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: CLIENT_RESTRICTED_PATTERNS }] },
  },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })] },
    rules: { 'import-x/no-restricted-paths': ['error', { zones: clientLayerZones }] },
  },
  {
    // The server runs in Node: no browser global.
    files: ['src/server/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['**/client/**'] }],
      'no-restricted-globals': ['error', ...BROWSER_ONLY_GLOBALS],
    },
  },
  {
    files: ['src/server/**/*.ts'],
    ignores: ['**/*.test.ts', '**/*-test-helpers.ts'],
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.js'] })] },
    rules: { 'import-x/no-restricted-paths': ['error', { zones: serverModuleZones }] },
  },
  {
    files: ['scripts/**/*.mjs', '*.config.{js,ts}', 'e2e/**/*.ts', 'bench/**/*.{ts,mjs}'],
    languageOptions: { globals: globals.node },
  },
);
