import * as z from 'zod';
import { receiveMail } from '../../features/inbox/receive.ts';
import { logger } from '../../runtime/logger.ts';
import { traced } from '../../runtime/tracer.ts';

/**
 * A mail to the renewal inbox, from SES's receipt rule (lib/inbox.ts): SES has stored the whole mail
 * in the inbox bucket under INBOX_PREFIX + its message id, then invoked this function with the
 * mail's envelope and its verdicts (an asynchronous Lambda action). The mail is read from the
 * bucket, handed to the use case with SES's verdicts, and deleted: the bucket is a hand-over, not a
 * store (its lifecycle deletes whatever is left after a day).
 *
 * The event is hostile until validated: a malformed one is logged and dropped, never retried. A
 * failure of the use case itself (the table unreachable) throws, so Lambda retries the invocation;
 * the delivery id is the SES message id, so a retry makes no second item.
 */

/** What SES's message ids look like (letters, digits and '-'): the only key part taken from the event. */
const MESSAGE_ID = /^[A-Za-z0-9-]{1,128}$/;
const verdict = z.object({ status: z.string().max(40) });

const sesEventSchema = z.object({
  Records: z
    .array(
      z.object({
        eventSource: z.literal('aws:ses'),
        ses: z.object({
          mail: z.object({
            messageId: z.string().regex(MESSAGE_ID),
            source: z.string().max(512),
          }),
          receipt: z.object({
            recipients: z.array(z.string().max(512)).min(1).max(100),
            spfVerdict: verdict,
            dkimVerdict: verdict,
            spamVerdict: verdict,
            virusVerdict: verdict,
            dmarcVerdict: verdict,
          }),
        }),
      }),
    )
    .length(1),
});

export type InboxMailOutcome = 'stored' | 'duplicate' | 'refused' | 'limited' | 'ignored';

const settingsSchema = z.object({
  INBOX_BUCKET: z.string().min(3),
  INBOX_PREFIX: z.string(),
});

/** The S3 client and the two commands, loaded on the first mail (the bundle imports only DynamoDB's SDK as it loads). */
async function s3() {
  const { S3Client, GetObjectCommand, DeleteObjectCommand } = await import('@aws-sdk/client-s3');
  client ??= new S3Client({});
  return { client, GetObjectCommand, DeleteObjectCommand };
}
let client: import('@aws-sdk/client-s3').S3Client | undefined;

export const handler = traced(async (event: unknown): Promise<{ outcome: InboxMailOutcome }> => {
  const parsed = sesEventSchema.safeParse(event);
  if (!parsed.success) {
    logger.warn('Ignoring an event that is not one SES receipt', { issues: parsed.error.issues });
    return { outcome: 'ignored' };
  }
  const { mail, receipt } = parsed.data.Records[0]!.ses;
  const { INBOX_BUCKET: bucket, INBOX_PREFIX: prefix } = settingsSchema.parse(process.env);
  const key = `${prefix}${mail.messageId}`;
  const { client, GetObjectCommand, DeleteObjectCommand } = await s3();

  let raw: Uint8Array;
  try {
    const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
    raw = await object.Body!.transformToByteArray();
  } catch (error) {
    // Gone already (a retry after the delete) or never stored: nothing to read, nothing to retry.
    if (isMissing(error)) {
      logger.warn('The inbox mail is not in the bucket', { messageId: mail.messageId });
      return { outcome: 'ignored' };
    }
    throw error;
  }

  const result = await receiveMail({
    raw,
    recipients: receipt.recipients,
    envelopeFrom: mail.source,
    verdicts: {
      spf: receipt.spfVerdict.status,
      dkim: receipt.dkimVerdict.status,
      spam: receipt.spamVerdict.status,
      virus: receipt.virusVerdict.status,
      dmarc: receipt.dmarcVerdict.status,
    },
    deliveryId: mail.messageId,
  });
  // Only once the use case has decided: a failure above leaves the mail for the retry.
  await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
  logger.info('Inbox mail handled', {
    outcome: result.outcome,
    ...('reason' in result ? { reason: result.reason } : {}),
  });
  return { outcome: result.outcome };
});

function isMissing(error: unknown): boolean {
  const name = (error as { name?: unknown } | null)?.name;
  return name === 'NoSuchKey' || name === 'NotFound';
}
