import { useEffect, useState } from 'react';
import type { PromotionStatus } from '#shared/api.ts';
import type { API } from '#shared/routes.ts';
import { callPublic } from '../../../api/request.ts';

function usePromotion(): PromotionStatus | null {
  const [status, setStatus] = useState<PromotionStatus | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    callPublic<typeof API.getPromotion>({ method: 'GET', path: '/api/promotion' }, undefined, {
      signal: controller.signal,
    })
      .then((body) => {
        if (typeof body.places_left === 'number') setStatus(body);
      })
      .catch(() => undefined);
    return () => controller.abort();
  }, []);
  return status;
}

/** The founding-member promotion line; space is reserved so the count arriving shifts nothing. */
export function PromotionNote() {
  const promotion = usePromotion();
  const total = (promotion?.places_total ?? 1000).toLocaleString('en-GB');
  let text = `The first ${total} members are free for life.`;
  if (promotion) {
    text =
      promotion.places_left > 0
        ? `The first ${total} members are free for life — ${promotion.places_left.toLocaleString('en-GB')} places left`
        : `All ${total} founding-member places have been taken.`;
  }
  return (
    <p className="promotion-note" aria-live="polite">
      {text}
    </p>
  );
}
