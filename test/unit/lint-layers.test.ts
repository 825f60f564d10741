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
      'lambdas/mail → lambdas/engine',
      'lambdas/mail/templates/example.tsx',
      importing('../../engine/queue.ts', 'MAILS_PER_MESSAGE'),
      'composes',
    ],
    [
      'lambdas/engine → an API handler',
      'lambdas/engine/example.ts',
      importing('../api/addQuote.ts', 'handler'),
      'below the API handlers',
    ],
    [
      'lambdas/** → web/src',
      'lambdas/api/example.ts',
      importing('../../web/src/utils/once.ts', 'onceUntilFailed'),
      'never imports the web app',
    ],
    [
      'lambdas/** → lib/local',
      'lambdas/engine/example.ts',
      importing('../../lib/local/adminAccount.ts', 'LOCAL_ADMIN'),
      'the local stand-ins',
    ],
    [
      'lambdas/store → lambdas/vehicles',
      'lambdas/store/example.ts',
      importing('../vehicles/dvla.ts', 'DVLA_PATH'),
      'below the vehicle look-up',
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
      importing('../../household/refusals.ts', 'householdRefusal'),
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
    ['lambdas/engine/example.ts', importing('../store/sends.ts', 'isSettled')],
    ['lambdas/engine/example.ts', importing('../mail/greeting.ts', 'greetingName')],
    ['lambdas/api/example.ts', importing('../engine/queue.ts', 'MAILS_PER_MESSAGE')],
    ['lambdas/vehicles/example.ts', importing('../store/sends.ts', 'isSettled')],
    ['lambdas/reminders/example.ts', importing('../store/reminders/index.ts', 'QuoteRefusal')],
    ['lambdas/household/example.ts', importing('../store/households/index.ts', 'HouseholdRefusal')],
    ['lambdas/store/reminders/example.ts', importing('../../runtime/refusal.ts', 'StoreRefusal')],
    ['lambdas/store/example.ts', importing('../../shared/limits.ts', 'REMINDER_LIMIT')],
    ['lib/local/example.ts', importing('../../lambdas/vehicles/dvla.ts', 'DVLA_PATH')],
    ['shared/example.ts', importing('./table.ts', 'keys')],
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
