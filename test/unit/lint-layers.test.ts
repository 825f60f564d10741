/**
 * The layers inside lambdas/, shared/ and web/src fail lint when crossed the wrong way: each
 * case lints a few lines as if they were a file at `filePath` (the file need not exist; what it
 * imports does) with the repo's eslint.config.js, and reads the boundary rule's errors.
 */
import { describe, expect, it } from 'vitest';
import { boundaryLinter, importing, importingType } from '../support/lint-probe.ts';

const boundaryErrors = boundaryLinter();

describe('forbidden imports between layers fail lint', () => {
  it.each([
    [
      'lambdas/mail → lambdas/store',
      'lambdas/mail/example.ts',
      importing('../store/sends.ts', 'isSettled'),
      'composes',
    ],
    [
      'lambdas/mail → lambdas/store, a type only',
      'lambdas/mail/example.ts',
      importingType('../store/sends.ts', 'Claim'),
      'composes',
    ],
    [
      'lambdas/mail → lambdas/features/engine',
      'lambdas/mail/templates/example.tsx',
      importing('../../features/engine/queue.ts', 'MAILS_PER_MESSAGE'),
      'composes',
    ],
    [
      'lambdas/features/engine → an API handler',
      'lambdas/features/engine/example.ts',
      importing('../../handlers/api/addQuote.ts', 'handler'),
      'below the handlers',
    ],
    [
      'a use case → an API handler',
      'lambdas/features/admin/example.ts',
      importing('../../handlers/api/adminAudit.ts', 'handler'),
      'below the handlers',
    ],
    [
      'lambdas/mail → a use case',
      'lambdas/mail/example.ts',
      importing('../features/reminders/quotes.ts', 'addQuote'),
      'composes',
    ],
    [
      'lambdas/store → a feature (the event link once lived in one)',
      'lambdas/store/account/example.ts',
      importing('../../features/calendar/feed.ts', 'eventSequence'),
      'calls no use case or handler',
    ],
    [
      'lambdas/** → web/src',
      'lambdas/handlers/api/example.ts',
      importing('../../../web/src/utils/once.ts', 'onceUntilFailed'),
      'never imports the web app',
    ],
    [
      'lambdas/** → lib/local',
      'lambdas/features/engine/example.ts',
      importing('../../../lib/local/adminAccount.ts', 'LOCAL_ADMIN'),
      'the local stand-ins',
    ],
    [
      'lambdas/store → lambdas/features/vehicles',
      'lambdas/store/example.ts',
      importing('../features/vehicles/dvla.ts', 'DVLA_PATH'),
      'calls no use case or handler',
    ],
    [
      "an API handler → the table's key layout",
      'lambdas/handlers/api/example.ts',
      importing('../../../shared/table.ts', 'RATE_LIMIT_NAMES'),
      "spells the table's keys",
    ],
    [
      "the engine → the table's key layout, through the #shared import",
      'lambdas/features/engine/example.ts',
      importing('#shared/table.ts', 'dedupeKeys'),
      "spells the table's keys",
    ],
    [
      "lambdas/runtime → the table's key layout, a type only",
      'lambdas/runtime/example.ts',
      importingType('../../shared/table.ts', 'Entity'),
      "spells the table's keys",
    ],
    [
      "the web app → the table's key layout",
      'web/src/api/example.ts',
      importing('../../../shared/table.ts', 'keys'),
      "spells the table's keys",
    ],
    [
      'lambdas/store → the messages (user text)',
      'lambdas/store/reminders/example.ts',
      importing('../../../shared/messages.ts', 'HOUSEHOLD_MESSAGES'),
      'holds no user text',
    ],
    [
      "lambdas/store → runtime/errors.ts's DomainError",
      'lambdas/store/example.ts',
      importing('../runtime/errors.ts', 'DomainError'),
      'throws no DomainError',
    ],
    [
      'lambdas/store → a use case',
      'lambdas/store/households/example.ts',
      importing('../../features/household/refusals.ts', 'householdRefusal'),
      'holds no user text',
    ],
    [
      'a web feature → the app shell',
      'web/src/features/settings/components/Example.tsx',
      importing('../../../app/queryClient.ts', 'queryClient'),
      'never imports the app shell',
    ],
    [
      "the web app's shared components → a feature",
      'web/src/components/Example.tsx',
      importing('../features/auth/session.ts', 'logout'),
      'below the features and the app shell',
    ],
    [
      "the web app's shared api → the app shell",
      'web/src/api/example.ts',
      importing('../app/queryClient.ts', 'queryClient'),
      'below the features and the app shell',
    ],
  ])('%s', async (_name, filePath, code, why) => {
    expect(await boundaryErrors(filePath, code)).toEqual([expect.stringContaining(why)]);
  });
});

describe('the same layers the right way round pass', () => {
  it.each([
    ['lambdas/mail/example.ts', importing('../runtime/env.ts', 'env')],
    ['lambdas/mail/example.ts', importingType('../../shared/emailTypes.ts', 'SendIdentity')],
    ['lambdas/features/engine/example.ts', importing('../../store/sends.ts', 'isSettled')],
    ['lambdas/features/engine/example.ts', importing('../../mail/greeting.ts', 'greetingName')],
    ['lambdas/handlers/api/example.ts', importing('../../features/engine/queue.ts', 'MAILS_PER_MESSAGE')],
    ['lambdas/features/vehicles/example.ts', importing('../../store/sends.ts', 'isSettled')],
    ['lib/local/example.ts', importing('../../lambdas/features/vehicles/dvla.ts', 'DVLA_PATH')],
    ['lambdas/features/reminders/example.ts', importing('../../store/reminders/index.ts', 'QuoteRefusal')],
    [
      'lambdas/features/household/example.ts',
      importing('../../store/households/index.ts', 'HouseholdRefusal'),
    ],
    ['lambdas/store/reminders/example.ts', importing('../../runtime/refusal.ts', 'StoreRefusal')],
    ['lambdas/store/example.ts', importing('../../shared/limits.ts', 'REMINDER_LIMIT')],
    ['shared/example.ts', importing('./table.ts', 'keys')],
    ['lambdas/store/example.ts', importing('../../shared/table.ts', 'keys')],
    ['lambdas/store/rateLimits/example.ts', importing('../../../shared/table.ts', 'RATE_LIMIT_NAMES')],
    ['lib/example.ts', importing('../shared/table.ts', 'TABLE_KEYS')],
    ['shared/table-example.ts', importing('./reminder/mailKeys.ts', 'reminderMailKeys')],
    [
      'web/src/features/settings/pages/Example.tsx',
      importing('../../../components/AppLayout.tsx', 'AppLayout'),
    ],
    ['web/src/app/Example.tsx', importing('../features/auth/session.ts', 'logout')],
    ['web/src/components/Example.tsx', importing('../api/persisted-queries.ts', 'forgetQueries')],
  ])('%s: %s', async (filePath, code) => {
    expect(await boundaryErrors(filePath, code)).toEqual([]);
  });
});
