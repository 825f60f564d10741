import { API } from '../../shared/routes.ts';
import { COUNTERS } from '../../shared/table.ts';
import { route } from '../runtime/http.ts';
import { LIFETIME_FREE_PLACES } from '../store/account/index.ts';
import { readCounters } from '../store/counters.ts';

/** How many founding-member places (free for life) are left: one counter read, no scan. */
export const handler = route(API.getPromotion, async () => {
  const counters = await readCounters();
  // Places taken = confirmed sign-ups ever; account deletions do not hand a place back.
  const taken = counters[COUNTERS.signups] ?? 0;
  return { places_total: LIFETIME_FREE_PLACES, places_left: Math.max(0, LIFETIME_FREE_PLACES - taken) };
});
