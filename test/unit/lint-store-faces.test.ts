/**
 * The store's rooms (lambdas/store/<room>/) are reached through their faces: each case lints a few
 * lines as if they were a file at `filePath` (the file need not exist; what it imports does) with the
 * repo's eslint.config.js and reads the boundary rule's errors. The rooms' order and what each writes
 * are in docs/architecture.md, "The store's rooms".
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ENTITY } from '../../shared/table.ts';
import { boundaryLinter, importing, importingType, ROOT } from '../support/lint-probe.ts';

const boundaryErrors = boundaryLinter();

describe("reaching past a store room's face fails lint", () => {
  it.each([
    [
      'an API handler → a room file',
      'lambdas/handlers/api/example.ts',
      importing('../../store/reminders/quotes.ts', 'addQuote'),
      'through its face, lambdas/store/reminders/index.ts',
    ],
    [
      'the engine → a room file, a type only',
      'lambdas/features/engine/example.ts',
      importingType('../../store/sending/digests.ts', 'DigestClaim'),
      'through its face, lambdas/store/sending/index.ts',
    ],
    [
      'the local stand-ins → a room file',
      'lib/local/example.ts',
      importing('../../lambdas/store/account/inbox.ts', 'inboxOwner'),
      'through its face, lambdas/store/account/index.ts',
    ],
    [
      'a test → a room file',
      'test/integration/example.test.ts',
      importing('../../lambdas/store/account/profiles.ts', 'getProfile'),
      'through its face, lambdas/store/account/index.ts',
    ],
    [
      "a room → another room's file",
      'lambdas/store/sending/example.ts',
      importing('../reminders/householdNextMail.ts', 'refreshHouseholdNextMail'),
      'through its face, lambdas/store/reminders/index.ts',
    ],
    [
      'a room → a later room, even through its face',
      'lambdas/store/households/example.ts',
      importing('../reminders/index.ts', 'getReminder'),
      'the households room imports only rooms before it',
    ],
    [
      "the engine → the store's db.ts",
      'lambdas/features/engine/example.ts',
      importing('../../store/db.ts', 'getItems'),
      'Only the store reads and writes the table',
    ],
    [
      "the store's base → a room",
      'lambdas/store/example.ts',
      importing('./account/index.ts', 'getProfile'),
      'it imports none of them',
    ],
  ])('%s', async (_name, filePath, code, why) => {
    expect(await boundaryErrors(filePath, code)).toEqual([expect.stringContaining(why)]);
  });
});

describe('the faces, the rooms in order and the base pass', () => {
  it.each([
    ['lambdas/handlers/api/example.ts', importing('../../store/reminders/index.ts', 'addQuote')],
    ['test/integration/example.test.ts', importing('../../lambdas/store/account/index.ts', 'getProfile')],
    ['lambdas/store/reminders/example.ts', importing('./quotes.ts', 'addQuote')],
    ['lambdas/store/reminders/example.ts', importing('../households/index.ts', 'membershipOf')],
    ['lambdas/store/push/example.ts', importing('../liveAccount.ts', 'AccountGoneError')],
    ['lambdas/features/engine/example.ts', importing('../../store/sends.ts', 'isSettled')],
  ])('%s: %s', async (filePath, code) => {
    expect(await boundaryErrors(filePath, code)).toEqual([]);
  });
});

describe("each room's face", () => {
  const store = `${ROOT}lambdas/store/`;
  const rooms = readdirSync(store, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  const entities = new Set<string>(Object.values(ENTITY));

  it.each(rooms)('%s names in its opening comment the items it writes, each a real one', (room) => {
    const face = readFileSync(`${store}${room}/index.ts`, 'utf8');
    const opening = /^\/\*\*([\s\S]*?)\*\//.exec(face)?.[1] ?? '';
    const named = [...opening.matchAll(/`([a-z_]+)`/g)].map((m) => m[1]!);
    expect(named.length).toBeGreaterThan(0);
    expect(named.filter((name) => !entities.has(name))).toEqual([]);
  });

  it.each(rooms)('%s only re-exports', (room) => {
    const face = readFileSync(`${store}${room}/index.ts`, 'utf8');
    const code = face.replace(/^\/\*\*[\s\S]*?\*\/\n/, '').trim();
    expect(code).toMatch(/^(export (type )?\{[^}]*\} from '\.\/[a-zA-Z]+\.ts';\s*)+$/);
  });
});
