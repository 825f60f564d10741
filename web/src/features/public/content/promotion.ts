/** The founding-member promotion line: the words for the count, or for no count yet. */
import type { PromotionStatus } from '#shared/api.ts';
import type { API } from '#shared/routes.ts';
import { callPublic } from '../../../api/request.ts';

/** The promotion's state from the API; null when it cannot be read (the line then says the offer only). */
export function fetchPromotion(signal?: AbortSignal): Promise<PromotionStatus | null> {
  return callPublic<typeof API.getPromotion>({ method: 'GET', path: '/api/promotion' }, undefined, { signal })
    .then((body) => (typeof body.places_left === 'number' ? body : null))
    .catch(() => null);
}

export function promotionText(promotion: PromotionStatus | null): string {
  const total = (promotion?.places_total ?? 1000).toLocaleString('en-GB');
  if (!promotion) return `The first ${total} members are free for life.`;
  return promotion.places_left > 0
    ? `The first ${total} members are free for life — ${promotion.places_left.toLocaleString('en-GB')} places left`
    : `All ${total} founding-member places have been taken.`;
}
