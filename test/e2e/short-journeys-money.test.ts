/**
 * Short browser journeys about contracts and what they cost, one describe each
 * (test/e2e/short-journeys/), on one local stack and one Chromium (see
 * short-journeys-accounts.test.ts): contracts and outcomes, price memory, the renewal inbox, the
 * notice watchdog and a deal that ends.
 */
import { useE2e } from '../support/e2e.ts';
import { contractsJourney } from './short-journeys/contracts.ts';
import { dealEndJourney } from './short-journeys/deal-end.ts';
import { inboxJourney } from './short-journeys/inbox.ts';
import { noticeWatchdogJourney } from './short-journeys/notice-watchdog.ts';
import { priceMemoryJourney } from './short-journeys/price-memory.ts';

const e2e = useE2e();

contractsJourney(e2e);
priceMemoryJourney(e2e);
inboxJourney(e2e);
noticeWatchdogJourney(e2e);
// Last: its reminder job runs for a date months ahead, which sends what every journey left due.
dealEndJourney(e2e);
