import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const nodeBuiltins = ['node:*', 'fs', 'fs/*', 'path', 'os', 'child_process', 'crypto', 'http', 'https', 'net', 'tls', 'stream', 'url', 'util', 'events', 'zlib', 'worker_threads'];

/** Import boundaries of DESIGN §2: who may import what. */
const restrict = (patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });

export default tseslint.config(
  { ignores: ['dist/**', 'release/**', 'node_modules/**', 'test-results/**', 'playwright-report/**', '.tmp/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    files: ['**/*.{ts,tsx,js,mjs,cjs}'],
    ignores: ['renderer/src/**'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ['renderer/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...restrict([
        { group: nodeBuiltins, message: 'The renderer has no Node: go through window.acube.' },
        { group: ['electron', '**/electron/**', '**/emulator/**', '**/standards/**'], message: 'The renderer reaches the core only through the bridge.' },
      ]),
    },
  },
  {
    files: ['electron/core/**/*.ts'],
    rules: restrict([
      { group: ['electron'], message: 'electron/core is Electron-free; only the shells import electron.' },
      { group: ['**/emulator/**', '../emulator/*'], message: 'The core starts the emulator as a child process; never import it.' },
      { group: ['**/renderer/**'], message: 'The core does not import the renderer.' },
    ]),
  },
  {
    files: ['emulator/**/*.ts'],
    rules: restrict([
      { group: ['electron', '**/electron/**'], message: 'The emulator is independent of the app.' },
      { group: ['**/renderer/**'], message: 'The emulator does not import the renderer.' },
    ]),
  },
  {
    files: ['standards/**/*.ts'],
    rules: restrict([
      { group: ['electron', '**/electron/**', '**/emulator/**', '**/renderer/**'], message: 'standards/ is used by the core and the emulator alike and depends on neither (nor on Electron or the renderer).' },
    ]),
  },
  {
    files: ['shared/**/*.ts'],
    rules: restrict([
      { group: [...nodeBuiltins, 'electron'], message: 'shared/ runs in the renderer too: no Node or Electron.' },
      { group: ['**/electron/**', '**/emulator/**', '**/renderer/**'], message: 'shared/ depends on nothing of the app.' },
    ]),
  },
  {
    // Electron security checklist items guarded by lint (docs/security.md lists all 20 and their guards).
    files: ['electron/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'shell', property: 'openExternal', message: 'Checklist 15: never open URLs from documents or the renderer with shell.openExternal.' },
        { property: 'loadFile', message: 'Checklist 18: load the renderer from app://, never file://.' },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: 'Property[key.name=/^(nodeIntegration|nodeIntegrationInWorker|nodeIntegrationInSubFrames|allowRunningInsecureContent|experimentalFeatures|webviewTag)$/][value.value=true]',
          message: 'Checklist 2/8/9/11: this webPreferences flag stays off.',
        },
        { selector: 'Property[key.name=/^(contextIsolation|sandbox|webSecurity)$/][value.value=false]', message: 'Checklist 3/4/6: this webPreferences flag stays on.' },
        { selector: 'Property[key.name=/^(enableBlinkFeatures|disableBlinkFeatures)$/]', message: 'Checklist 10: no Blink feature switches.' },
        { selector: 'Literal[value=/^file:/]', message: 'Checklist 18: the app is served from app://, not file://.' },
      ],
    },
  },
  {
    files: ['e2e/**/*.ts', 'bench/**/*.ts', 'scripts/**/*.{mjs,ts}', '**/*.test.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
);
