/**
 * The short browser journeys, one describe each (test/e2e/short-journeys/), on one local stack and
 * one Chromium: each journey signs up users of its own and opens its pages in fresh browser
 * contexts, so no journey sees another's data, storage, service worker or permissions. Starting a
 * stack and a browser per journey cost more than most of these journeys themselves.
 *
 * The reminder mails come first: the reminder job they run sends what is due to everyone in the
 * table, and first the table holds their own user only.
 */
import { useE2e } from '../support/e2e.ts';
import { accountsJourney } from './short-journeys/accounts.ts';
import { actionWindowsJourney } from './short-journeys/action-windows.ts';
import { appShellJourney } from './short-journeys/app-shell.ts';
import { contractsJourney } from './short-journeys/contracts.ts';
import { dealEndJourney } from './short-journeys/deal-end.ts';
import { inboxJourney } from './short-journeys/inbox.ts';
import { linkSignInJourney } from './short-journeys/link-sign-in.ts';
import { noticeWatchdogJourney } from './short-journeys/notice-watchdog.ts';
import { phoneJourney } from './short-journeys/phone.ts';
import { prerenderJourney } from './short-journeys/prerender.ts';
import { priceMemoryJourney } from './short-journeys/price-memory.ts';
import { pushJourney } from './short-journeys/push.ts';
import { quotesAndDvlaJourney } from './short-journeys/quotes-and-dvla.ts';
import { remindersByMailJourney } from './short-journeys/reminders-by-mail.ts';
import { settingsJourney } from './short-journeys/settings.ts';
import { yourDataJourney } from './short-journeys/your-data.ts';

const e2e = useE2e();

remindersByMailJourney(e2e);
linkSignInJourney(e2e);
accountsJourney(e2e);
settingsJourney(e2e);
yourDataJourney(e2e);
pushJourney(e2e);
appShellJourney(e2e);
actionWindowsJourney(e2e);
quotesAndDvlaJourney(e2e);
contractsJourney(e2e);
priceMemoryJourney(e2e);
noticeWatchdogJourney(e2e);
inboxJourney(e2e);
prerenderJourney(e2e);
phoneJourney(e2e);
// Last: its reminder job runs for a date months ahead, which sends what every journey left due.
dealEndJourney(e2e);
