// Lint, with the import boundaries of ARCHITECTURE.md §3 enforced:
//   shared     -> nothing of ours (and no AWS SDK, no node:*: it runs in the browser too)
//   functions  -> shared
//   frontend   -> shared; one feature never imports another (src/app composes them)
//   infra      -> shared, and functions only from infra/local (the local cloud runs the handlers)
import boundaries from 'eslint-plugin-boundaries';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['node_modules/', 'frontend/dist/', 'cdk.out/', '.data/', '.test-data/'] },
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js}'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { boundaries },
    settings: {
      'import/resolver': { typescript: { project: './tsconfig.json' } },
      'boundaries/include': ['shared/**', 'functions/**', 'frontend/**', 'infra/**', 'test/**'],
      'boundaries/elements': [
        { type: 'shared', pattern: 'shared', mode: 'folder' },
        { type: 'functions', pattern: 'functions', mode: 'folder' },
        { type: 'infra-local', pattern: 'infra/local', mode: 'folder' },
        { type: 'infra', pattern: 'infra', mode: 'folder' },
        { type: 'feature', pattern: 'frontend/src/features/*', mode: 'folder', capture: ['feature'] },
        { type: 'frontend', pattern: 'frontend', mode: 'folder' },
        { type: 'test', pattern: 'test', mode: 'folder' },
      ],
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'boundaries/element-types': [
        'error',
        {
          default: 'disallow',
          rules: [
            { from: 'shared', allow: ['shared'] },
            { from: 'functions', allow: ['shared', 'functions'] },
            { from: 'infra', allow: ['shared', 'infra'] },
            { from: 'infra-local', allow: ['shared', 'functions', 'infra', 'infra-local'] },
            { from: 'frontend', allow: ['shared', 'frontend', 'feature'] },
            { from: 'feature', allow: ['shared', 'frontend', ['feature', { feature: '${from.feature}' }]] },
            { from: 'test', allow: ['shared', 'functions', 'infra', 'infra-local', 'frontend', 'feature', 'test'] },
          ],
        },
      ],
    },
  },
  {
    // The SPA imports across its folders with `@/` (frontend/src) and `@shared/` (shared): a relative
    // import climbs at most two levels.
    files: ['frontend/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['../../../*'], message: "Import with '@/' (frontend/src) or '@shared/' (shared), not three or more levels up." }] },
      ],
    },
  },
  {
    files: ['shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['node:*', 'fs', 'path', 'crypto', 'http', 'https', 'net'], message: 'shared/ runs in the browser too: no Node built-ins.' },
            { group: ['@aws-sdk/*', 'aws-cdk-lib', 'aws-cdk-lib/*', 'react', 'react-*'], message: 'shared/ is pure domain: no AWS SDK, CDK or React.' },
          ],
        },
      ],
    },
  },
);
