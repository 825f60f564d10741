/**
 * shared/reminder is the core at the bottom of the code: it imports only itself and
 * shared/dates.ts (and packages), so every arrow points down into it. Each case lints a few lines as
 * if they were a file at `filePath` (the file need not exist; what it imports does) with the repo's
 * eslint.config.js, and reads the boundary rule's errors, as test/unit/lint-layers.test.ts does.
 */
import { describe, expect, it } from 'vitest';
import { boundaryLinter, importing, importingType } from '../support/lint-probe.ts';

const CORE = 'the core at the bottom';
const boundaryErrors = boundaryLinter();

describe('the core importing anything else of shared/ fails lint', () => {
  it.each([
    ['the table', 'shared/reminder/example.ts', importing('../table.ts', 'keys')],
    [
      'the table, through the #shared subpath import, from deeper down',
      'shared/reminder/mails/example.ts',
      importing('#shared/table.ts', 'dedupeKeys'),
    ],
    ['the API contract, a type only', 'shared/reminder/example.ts', importingType('../api.ts', 'Profile')],
    ['the API schemas', 'shared/reminder/example.ts', importing('../schemas/account.ts', 'emailSchema')],
    ['the kinds of e-mail', 'shared/reminder/example.ts', importingType('../emailTypes.ts', 'EmailType')],
    ['the messages', 'shared/reminder/example.ts', importing('../messages.ts', 'NOTICES')],
    ['the vehicle look-up', 'shared/reminder/example.ts', importing('../vehicles.ts', 'registrationSchema')],
    ['the inbox', 'shared/reminder/example.ts', importingType('../inbox/items.ts', 'InboxItem')],
  ])('%s', async (_name, filePath, code) => {
    expect(await boundaryErrors(filePath, code)).toEqual([expect.stringContaining(CORE)]);
  });
});

describe('the core importing itself, shared/dates.ts and packages passes, as does shared/ importing the core', () => {
  it.each([
    ['shared/reminder/example.ts', importing('./schedule.ts', 'addDays')],
    ['shared/reminder/mails/example.ts', importing('../categories.ts', 'CATEGORIES')],
    ['shared/reminder/example.ts', importing('../dates.ts', 'formatPounds')],
    ['shared/reminder/example.ts', importing('#shared/dates.ts', 'todayIn')],
    ['shared/reminder/example.ts', importing('luxon', 'DateTime')],
    ['shared/reminder/example.ts', importing('zod', 'z')],
    ['shared/table-example.ts', importing('./reminder/mailKeys.ts', 'reminderMailKeys')],
    ['shared/example.ts', importingType('./reminder/types.ts', 'Reminder')],
  ])('%s: %s', async (filePath, code) => {
    expect(await boundaryErrors(filePath, code)).toEqual([]);
  });
});
