import * as z from 'zod';
import { idSchema } from '../../../shared/reminder/mail-schema.ts';
import { logger } from '../../runtime/logger.ts';
import { afterDigestSent, findDigest, recordDigestSent, suppress } from '../../store/sending/index.ts';
import { traced } from '../../runtime/tracer.ts';

/**
 * SES events from the configuration set, delivered by EventBridge: a permanent bounce or a
 * complaint puts the address on our suppression list, which every send checks just before SES; a
 * Send event of a reminder digest records it sent, when its sender died before it could (the
 * digest's token and owner travel as the mail's tags).
 */
const eventSchema = z.object({
  'detail-type': z.string(),
  detail: z.object({
    eventType: z.string(),
    mail: z
      .object({
        messageId: z.string().max(200),
        tags: z.record(z.string(), z.array(z.string())).optional(),
      })
      .optional(),
    bounce: z
      .object({
        bounceType: z.string(),
        bouncedRecipients: z.array(z.object({ emailAddress: z.string() })),
      })
      .optional(),
    complaint: z.object({ complainedRecipients: z.array(z.object({ emailAddress: z.string() })) }).optional(),
  }),
});

/** The tags a reminder digest carries (lambdas/features/engine/sender.ts); anything else is not ours to record. */
const digestTags = z.object({ digest: z.tuple([idSchema]), user: z.tuple([idSchema]) });

export const handler = traced(async (event: unknown): Promise<{ suppressed: number; recorded: number }> => {
  const parsed = eventSchema.safeParse(event);
  if (!parsed.success) {
    logger.warn('Ignoring an event that is not an SES event we handle', { issues: parsed.error.issues });
    return { suppressed: 0, recorded: 0 };
  }
  const { detail } = parsed.data;
  if (detail.eventType === 'Send')
    return { suppressed: 0, recorded: await recordSend(detail.mail, new Date()) };
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
  return { suppressed: addresses.length, recorded: 0 };
});

/** A Send event: the digest it names is recorded sent, unless its sender already did. */
async function recordSend(
  mail: { messageId: string; tags?: Record<string, string[]> } | undefined,
  now: Date,
) {
  const tags = digestTags.safeParse(mail?.tags ?? {});
  if (!mail || !tags.success) return 0;
  const found = await findDigest(tags.data.user[0], tags.data.digest[0]);
  if (!found || found.sent) return 0;
  if (!(await recordDigestSent(found.digest, mail.messageId, now))) return 0;
  await afterDigestSent(found.digest, now);
  logger.warn('A digest was recorded sent from its SES Send event', { digest: found.digest.token });
  return found.digest.mails.length;
}
