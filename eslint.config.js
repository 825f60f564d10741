import { readdirSync } from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import globals from 'globals';

const root = import.meta.dirname;
const dirsIn = (dir) =>
  readdirSync(path.join(root, dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

// lambdas/ is sorted by layer (docs/architecture.md): handlers/ (the entry points), features/ (the use cases,
// by feature), store/, mail/, and runtime/, which all the others build on.
const aboveRuntime = dirsIn('lambdas').filter((name) => name !== 'runtime');
const webFeatures = dirsIn('web/src/features');

/**
 * The store's rooms (the folders of lambdas/store/), one per aggregate, in the order they build on one
 * another: a room imports only rooms before it here, each through its index.ts, and the store's base
 * (lambdas/store/*.ts). docs/architecture.md, "The store's rooms", says what each keeps.
 */
const storeRooms = [
  'rateLimits',
  'account',
  'households',
  'reminders',
  'sending',
  'push',
  'channels',
  'wholeAccount',
  'admin',
];
const unplaced = dirsIn('lambdas/store').filter((name) => !storeRooms.includes(name));
if (unplaced.length > 0)
  throw new Error(`Place the store's rooms ${unplaced.join(', ')} in storeRooms (eslint.config.js).`);
// Every module not in `room`: the repo's other trees, the rest of lambdas/, the store's base, the other rooms.
const outsideRoom = (room) => [
  ...['bin', 'lib', 'scripts', 'shared', 'test', 'web'],
  ...dirsIn('lambdas')
    .filter((name) => name !== 'store')
    .map((name) => `lambdas/${name}`),
  'lambdas/store/*.ts',
  ...storeRooms.filter((other) => other !== room).map((other) => `lambdas/store/${other}`),
];

/**
 * Import boundaries (import-x/no-restricted-paths). Paths are relative to the repo root; a zone forbids files
 * under `target` from importing anything under `from`. Imports are resolved first (relative paths, `.ts`/`.tsx`
 * and the `#shared/*` subpath import alike), so the rule sees where an import really lands.
 */
const zones = [
  {
    target: 'web',
    from: ['lambdas', 'lib'],
    message: 'The web app runs in the browser: share code through shared/, not lambdas/ or lib/.',
  },
  {
    target: 'shared',
    from: ['web', 'lambdas', 'lib'],
    message: 'shared/ is imported by everything and depends on none of it.',
  },
  {
    // The CDK constructs only (lib/local/** is the local stack and runs the handlers in-process).
    target: 'lib/*.ts',
    from: ['lambdas'],
    message: 'The CDK constructs name handlers by path; constants they share with lambdas belong in shared/.',
  },
  {
    target: 'lambdas/store',
    from: ['lambdas/mail'],
    message: 'The store is below mail: move what both need to lambdas/runtime or shared/.',
  },
  {
    target: 'lambdas/mail',
    from: ['lambdas/store', 'lambdas/features', 'lambdas/handlers'],
    message:
      "lambdas/mail composes, renders and hands mails to SES; what is due and what the table holds are the engine's and the store's, which hand it the facts: share types through shared/ or lambdas/runtime.",
  },
  {
    target: 'lambdas/features',
    from: ['lambdas/handlers'],
    message:
      'The features are below the handlers (the Lambda entries): move what both need to the feature, lambdas/runtime or shared/, or have the handler hand it in.',
  },
  {
    // The store persists and names what it could not do (a StoreRefusal, lambdas/runtime/refusal.ts);
    // the user's words and the DomainError are the use cases', which call the store, never the reverse.
    target: 'lambdas/store',
    from: ['shared/messages.ts', 'lambdas/runtime/errors.ts', 'lambdas/features', 'lambdas/handlers'],
    message:
      'The store holds no user text, throws no DomainError and calls no use case or handler: throw a StoreRefusal by name (lambdas/runtime/refusal.ts) and word it in the use case (lambdas/features/*); a limit it needs is in shared/limits.ts.',
  },
  {
    target: 'lambdas',
    from: ['web', 'lib/local'],
    message:
      'A Lambda runs on AWS alone: it never imports the web app or the local stand-ins (lib/local imports lambdas, not the other way).',
  },
  {
    // The core at the bottom: the reminder's types, closed lists and rules. What the rest of shared/ needs
    // of them it imports from here; nothing here looks back up.
    target: 'shared/reminder',
    from: 'shared',
    except: ['./reminder', './dates.ts'],
    message:
      "shared/reminder is the core at the bottom: it imports only itself and shared/dates.ts (a key it decides, such as a mail's dedupe key, is spelt here and shared/table.ts takes it from here). Move what it needs into shared/reminder; the rest of shared/ imports it from there.",
  },
  {
    target: 'lambdas/runtime',
    from: aboveRuntime.map((name) => `lambdas/${name}`),
    message: 'lambdas/runtime is the base every Lambda builds on and imports no feature code.',
  },
  {
    target: 'web/src/features',
    from: ['web/src/app'],
    message:
      'A feature never imports the app shell (web/src/app): what features share lives in web/src/components, api, hooks or utils.',
  },
  {
    target: ['web/src/api', 'web/src/components', 'web/src/hooks', 'web/src/utils', 'web/src/config'],
    from: ['web/src/app', 'web/src/features'],
    message:
      "The web app's shared code is below the features and the app shell: a feature's part is handed in (a context, a setter), never imported.",
  },
  // A store room's files are its own: everything else imports the room through its index.ts (its face).
  ...storeRooms.map((room) => ({
    target: outsideRoom(room),
    from: `lambdas/store/${room}/**`,
    except: [path.join(root, `lambdas/store/${room}/index.{ts,tsx}`)],
    message: `Import the store's ${room} room through its face, lambdas/store/${room}/index.ts, never its internal files.`,
  })),
  ...storeRooms.slice(0, -1).map((room, at) => ({
    target: `lambdas/store/${room}`,
    from: storeRooms.slice(at + 1).map((later) => `lambdas/store/${later}`),
    message: `The store's rooms build on one another in one order (${storeRooms.join(', ')}): the ${room} room imports only rooms before it.`,
  })),
  {
    // lambdas/runtime imports no feature code at all (its own zone).
    target: aboveRuntime.filter((name) => name !== 'store').map((name) => `lambdas/${name}`),
    from: ['lambdas/store/db.ts'],
    message:
      'Only the store reads and writes the table: ask a store room (its index.ts) for typed values, not lambdas/store/db.ts for items.',
  },
  {
    // The table's key layout is the store's own: everything else asks a store room by purpose.
    target: [
      ...dirsIn('lambdas')
        .filter((name) => name !== 'store')
        .map((name) => `lambdas/${name}`),
      'web',
    ],
    from: ['shared/table.ts'],
    message:
      "Only the store (lambdas/store) spells the table's keys (shared/table.ts): ask a store room, through its index.ts, for what you need by its purpose.",
  },
  {
    target: 'lambdas/store/*.ts',
    from: storeRooms.map((room) => `lambdas/store/${room}`),
    message: "The store's base (lambdas/store/*.ts) is what its rooms build on: it imports none of them.",
  },
  // A web feature imports another feature only through what that feature exports on purpose: its index.ts,
  // its landing.ts (the part the public pages' first bundle may load: nothing lazily loaded, no Amplify),
  // or its islands.ts (what the static landing page's scripts may load: no React either).
  ...webFeatures.map((name) => ({
    target: `web/src/features/${name}`,
    from: webFeatures.filter((other) => other !== name).map((other) => `web/src/features/${other}/**`),
    except: [path.join(root, 'web/src/features/*/{index,landing,islands}.{ts,tsx}')],
    message: 'Import another feature through its index.ts (or landing.ts), never its internal files.',
  })),
];

export default tseslint.config(
  { ignores: ['node_modules', '.local', 'cdk.out', 'web/dist', 'coverage'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  {
    files: ['web/**/*.{ts,tsx}', 'test/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    plugins: { 'import-x': importX },
    settings: {
      // Node's resolution (package.json "imports" included, so `#shared/*` resolves) over TypeScript sources,
      // with `./x.js` naming x.ts as TypeScript allows: an import the rules cannot resolve they cannot check.
      'import-x/resolver-next': [
        createNodeResolver({
          extensions: ['.ts', '.tsx', '.js', '.json'],
          extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
        }),
      ],
      'import-x/extensions': ['.ts', '.tsx', '.js'],
    },
  },
  {
    files: ['**/*.{ts,tsx,js}'],
    rules: { 'import-x/no-restricted-paths': ['error', { basePath: root, zones }] },
  },
  {
    // Runtime import cycles (type-only imports are erased at build and do not count); node_modules is not walked.
    files: ['web/**/*.{ts,tsx}', 'lambdas/**/*.ts', 'lib/**/*.ts', 'shared/**/*.ts'],
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
);
