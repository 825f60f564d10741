import * as z from 'zod';
import { logger } from '../runtime/logger.ts';
import { suppress } from '../store/suppressions.ts';
import { traced } from '../runtime/tracer.ts';

/**
 * SES events from the configuration set, delivered by EventBridge: a permanent bounce or a
 * complaint puts the address on our suppression list, which the daily job checks before sending.
 */
const eventSchema = z.object({
  'detail-type': z.string(),
  detail: z.object({
    eventType: z.string(),
    bounce: z
      .object({
        bounceType: z.string(),
        bouncedRecipients: z.array(z.object({ emailAddress: z.string() })),
      })
      .optional(),
    complaint: z.object({ complainedRecipients: z.array(z.object({ emailAddress: z.string() })) }).optional(),
  }),
});

export const handler = traced(async (event: unknown): Promise<{ suppressed: number }> => {
  const parsed = eventSchema.safeParse(event);
  if (!parsed.success) {
    logger.warn('Ignoring an event that is not an SES bounce or complaint', { issues: parsed.error.issues });
    return { suppressed: 0 };
  }
  const { detail } = parsed.data;
  const addresses: { email: string; reason: string }[] = [];
  if (detail.eventType === 'Bounce' && detail.bounce?.bounceType === 'Permanent') {
    for (const r of detail.bounce.bouncedRecipients)
      addresses.push({ email: r.emailAddress, reason: 'bounce' });
  }
  if (detail.eventType === 'Complaint' && detail.complaint) {
    for (const r of detail.complaint.complainedRecipients)
      addresses.push({ email: r.emailAddress, reason: 'complaint' });
  }
  for (const { email, reason } of addresses) await suppress(email, reason);
  logger.info('SES event handled', { eventType: detail.eventType, suppressed: addresses.length });
  return { suppressed: addresses.length };
});
