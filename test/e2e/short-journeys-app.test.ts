/**
 * Short browser journeys about the app around the reminders, one describe each
 * (test/e2e/short-journeys/), on one local stack and one Chromium (see
 * short-journeys-accounts.test.ts): notifications and the alert channels, the app shell, action windows, quotes and the
 * DVLA look-up, the prerendered pages and the phone layout.
 */
import { useE2e } from '../support/e2e.ts';
import { actionWindowsJourney } from './short-journeys/action-windows.ts';
import { appShellJourney } from './short-journeys/app-shell.ts';
import { channelsJourney } from './short-journeys/channels.ts';
import { phoneJourney } from './short-journeys/phone.ts';
import { prerenderJourney } from './short-journeys/prerender.ts';
import { pushJourney } from './short-journeys/push.ts';
import { quotesAndDvlaJourney } from './short-journeys/quotes-and-dvla.ts';

const e2e = useE2e();

pushJourney(e2e);
channelsJourney(e2e);
appShellJourney(e2e);
actionWindowsJourney(e2e);
quotesAndDvlaJourney(e2e);
prerenderJourney(e2e);
phoneJourney(e2e);
