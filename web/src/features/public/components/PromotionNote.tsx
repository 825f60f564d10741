import { useEffect, useState } from 'react';
import type { PromotionStatus } from '#shared/api.ts';
import { fetchPromotion, promotionText } from '../content/promotion.ts';

/** The founding-member promotion line; space is reserved so the count arriving shifts nothing. */
export function PromotionNote() {
  const [promotion, setPromotion] = useState<PromotionStatus | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    void fetchPromotion(controller.signal).then((status) => {
      if (status && !controller.signal.aborted) setPromotion(status);
    });
    return () => controller.abort();
  }, []);
  return (
    <p className="promotion-note" aria-live="polite">
      {promotionText(promotion)}
    </p>
  );
}
