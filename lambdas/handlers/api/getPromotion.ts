import { API } from '../../../shared/routes.ts';
import { route } from '../../features/account/route.ts';
import { foundingPlacesLeft, LIFETIME_FREE_PLACES } from '../../store/account/index.ts';

/** How many founding-member places (free for life) are left: one counter read, no scan. */
export const handler = route(API.getPromotion, async () => ({
  places_total: LIFETIME_FREE_PLACES,
  places_left: await foundingPlacesLeft(),
}));
