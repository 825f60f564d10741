/**
 * Short browser journeys about the account and its mails, one describe each
 * (test/e2e/short-journeys/), on one local stack and one Chromium: each journey signs up users of its
 * own and opens its pages in fresh browser contexts, so no journey sees another's data, storage,
 * service worker or permissions. The short journeys are spread over three files of about the same
 * length, so that no one file is left running alone at the end of the suite.
 *
 * The reminder mails come first: the reminder job they run sends what is due to everyone in the
 * table, and first the table holds their own user only.
 */
import { useE2e } from '../support/e2e.ts';
import { accountsJourney } from './short-journeys/accounts.ts';
import { linkSignInJourney } from './short-journeys/link-sign-in.ts';
import { remindersByMailJourney } from './short-journeys/reminders-by-mail.ts';
import { settingsJourney } from './short-journeys/settings.ts';
import { yourDataJourney } from './short-journeys/your-data.ts';

const e2e = useE2e();

remindersByMailJourney(e2e);
linkSignInJourney(e2e);
accountsJourney(e2e);
settingsJourney(e2e);
yourDataJourney(e2e);
