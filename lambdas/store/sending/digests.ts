/**
 * A digest: one SES mail of a run to one recipient, covering one or more of their mails (decision
 * 0025). It is claimed and recorded as one unit:
 *
 * - the claim is one write before SES: the digest item, every mail's send record (each only where a
 *   claim may be taken, see OPEN_CONDITION), and checks that the account exists, still takes
 *   reminder mail at the same address, and that the address is not suppressed;
 * - once SES accepts, one write records the digest and every send record as sent.
 *
 * A crash between the two leaves the claims pending with no message id. SES itself closes that
 * window: its configuration set publishes a Send event for the accepted mail, tagged with the
 * digest's token, and the SES events function records the digest as sent from it (the same write),
 * long before the claim's lease lets any later run take those mails again. A digest of more mails
 * than one transaction holds is claimed and recorded in several writes, the digest item last.
 */
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { TransactWriteCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod';
import { EMAIL_TYPES, type EmailType } from '../../../shared/api.ts';
import { keys, TABLE_KEYS } from '../../../shared/table.ts';
import { dynamo } from '../../runtime/clients.ts';
import { retrying } from '../../runtime/retry.ts';
import { getItem, ITEM_EXISTS, itemKey, putItem, tableName } from '../db.ts';
import { emailLogEntry, ANONYMISED_EMAIL_LOG } from './emailLogs.ts';
import { logNamingUserItems } from '../liveAccount.ts';
import { nextMailAttributes, refreshHouseholdNextMail } from '../reminders/index.ts';
import { sendKey } from '../sends.ts';

/** Mails per claim or record write: a transaction holds 100 items, and the claim adds up to 6 checks. */
export const MAILS_PER_WRITE = 90;
/** Mails per write of the after-send bookkeeping: each takes three items (log, its pointer, the index). */
const MAILS_PER_LOG_WRITE = 33;
/** A digest item outlives any redelivery or SES event by far, then DynamoDB's TTL removes it. */
export const DIGEST_KEPT_DAYS = 14;

/** One mail of a digest, as its send record and the bookkeeping after SES need it. */
export interface DigestMail {
  dedupeKey: string;
  emailType: EmailType;
  reminderId: string;
  daysBefore: number | null;
  /** Its own subject, as the send record shows it (the digest's SES subject covers several). */
  subject: string;
  /** The reminder's version (updated_at) the mail was planned on: the index moves only if it holds. */
  version: string;
  /** The reminder's next moment once this mail is sent (ISO UTC), or null when none is left. */
  nextAt: string | null;
  /**
   * A shared reminder's mail (decision 0046): its household, the recipient's membership id, their
   * part of its place (`part`, this member's next moment) and the place that makes (`placeAt`, the
   * earliest part). `whole`: the item held no part for them, so every member's records are read
   * again after the send instead.
   */
  household?: SharedMove;
}

export interface DigestClaim {
  token: string;
  userId: string;
  run: { id: string; ranAt: string };
  mails: DigestMail[];
}

const storedMail = z.object({
  dedupeKey: z.string(),
  emailType: z.enum(EMAIL_TYPES),
  reminderId: z.string(),
  daysBefore: z.number().nullable(),
  subject: z.string(),
  version: z.string(),
  nextAt: z.string().nullable(),
  household: z
    .object({
      id: z.string(),
      membershipId: z.string(),
      part: z.string().nullable(),
      placeAt: z.string().nullable(),
      whole: z.boolean(),
    })
    .optional(),
});
type SharedMove = z.infer<typeof storedMail>['household'] & {};
const storedDigest = z.object({
  token: z.string(),
  user_id: z.string(),
  status: z.enum(['claimed', 'sent']),
  run_id: z.string(),
  ran_at: z.string(),
  mails: z.array(storedMail),
});

export type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

export const digestKey = (userId: string, token: string) => itemKey(keys.user(userId), keys.digest(token));
export const profileKey = (userId: string) => itemKey(keys.user(userId), keys.profile());

export const chunks = <T>(items: readonly T[], size: number): T[][] =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));

const transient = () => true;
const BOOKKEEPING = { retries: 4, baseMs: 100, retryOn: transient } as const;

/**
 * Records a claimed digest as sent by SES under `messageId`: every send record (only while this
 * digest's claim holds it), then the digest item, in one write for up to MAILS_PER_WRITE mails.
 * Idempotent: the sender and the SES Send event may both record it. Returns false when the digest
 * was already recorded.
 */
export async function recordDigestSent(digest: DigestClaim, messageId: string, now: Date): Promise<boolean> {
  const iso = now.toISOString();
  const table = tableName();
  const parts = chunks(digest.mails, MAILS_PER_WRITE);
  for (const [n, part] of parts.entries()) {
    const last = n === parts.length - 1;
    const items: TransactItem[] = part.map((mail) => ({
      Update: {
        TableName: table,
        Key: sendKey(digest.userId, mail.dedupeKey),
        ConditionExpression: 'claim_token = :token',
        UpdateExpression:
          'SET #status = :sent, message_id = :id, sent_at = if_not_exists(sent_at, :now), updated_at = :now, error_message = :null',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':token': digest.token,
          ':sent': 'sent',
          ':id': messageId,
          ':now': iso,
          ':null': null,
        },
      },
    }));
    if (last) {
      items.push({
        Update: {
          TableName: table,
          Key: digestKey(digest.userId, digest.token),
          ConditionExpression: '#status = :claimed',
          UpdateExpression: 'SET #status = :sent, message_id = :id, sent_at = :now',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: {
            ':claimed': 'claimed',
            ':sent': 'sent',
            ':id': messageId,
            ':now': iso,
          },
        },
      });
    }
    const recorded = await retrying(async () => {
      try {
        await dynamo().send(new TransactWriteCommand({ TransactItems: items }));
        return true;
      } catch (error) {
        if (!(error instanceof TransactionCanceledException)) throw error;
        const reasons = error.CancellationReasons ?? [];
        // The digest item is recorded already (by the SES event, or an earlier attempt): done.
        if (last && reasons.at(-1)?.Code === 'ConditionalCheckFailed') return false;
        // A record no longer under this claim (the account is gone, say): record the rest.
        const lost = new Set(reasons.flatMap((r, i) => (r.Code === 'ConditionalCheckFailed' ? [i] : [])));
        if (lost.size === 0) throw error;
        const kept = items.filter((_, i) => !lost.has(i));
        if (kept.length > 0) await dynamo().send(new TransactWriteCommand({ TransactItems: kept }));
        return true;
      }
    }, BOOKKEEPING);
    if (!recorded) return false;
  }
  return true;
}

/**
 * What follows a sent digest and may lag it: the e-mail log (one entry per mail, with its pointer
 * in the user's partition) and each reminder's next place in the index (only on the version the
 * mail was planned on: an edit made since placed the reminder itself). One write per
 * MAILS_PER_LOG_WRITE mails; never throws (a missed index move is corrected by the next run).
 */
export async function afterDigestSent(digest: DigestClaim, now: Date): Promise<string[]> {
  const problems: string[] = [];
  const sentAt = now.toISOString();
  for (const part of chunks(digest.mails, MAILS_PER_LOG_WRITE)) {
    const logs = part.map((mail) => {
      const { key, fields } = emailLogEntry({
        user_id: digest.userId,
        reminder_id: mail.reminderId,
        email_type: mail.emailType,
        days_before: mail.daysBefore,
        simulated: false,
        sent_at: sentAt,
      });
      return logNamingUserItems(digest.userId, key, fields);
    });
    // One move per reminder: a transaction takes one operation per item, and a reminder's lead and
    // window mails of one digest share their next place (the sender works it out for them together).
    const byReminder = [...new Map(part.map((mail) => [mail.reminderId, mail])).values()];
    let moves: TransactItem[] = byReminder
      .filter((mail) => !mail.household?.whole)
      .map((mail) => indexMove(digest.userId, mail));
    const writeAll = () =>
      dynamo().send(
        new TransactWriteCommand({
          TransactItems: [
            {
              ConditionCheck: {
                TableName: tableName(),
                Key: profileKey(digest.userId),
                ConditionExpression: ITEM_EXISTS,
              },
            },
            ...logs.flatMap(({ item, ref }): TransactItem[] => [
              { Put: { TableName: tableName(), Item: item } },
              { Put: { TableName: tableName(), Item: ref } },
            ]),
            ...moves,
          ],
        }),
      );
    try {
      await retrying(async () => {
        try {
          await writeAll();
        } catch (error) {
          if (!(error instanceof TransactionCanceledException)) throw error;
          const reasons = error.CancellationReasons ?? [];
          if (reasons[0]?.Code === 'ConditionalCheckFailed') {
            // The account is gone: its log entries stay, naming no one, and there is no index to move.
            for (const { item } of logs) await putItem({ ...item, ...ANONYMISED_EMAIL_LOG });
            moves = [];
            return;
          }
          const firstMove = 1 + logs.length * 2;
          const failedMoves = new Set(
            reasons.flatMap((r, i) =>
              i >= firstMove && r.Code === 'ConditionalCheckFailed' ? [i - firstMove] : [],
            ),
          );
          if (failedMoves.size === 0) throw error;
          moves = moves.filter((_, i) => !failedMoves.has(i));
          await writeAll();
        }
      }, BOOKKEEPING);
    } catch (error) {
      problems.push((error as Error).message);
    }
  }
  problems.push(...(await placeSharedAgain(digest)));
  return problems;
}

/** The digest's shared reminders that held no part for their member: placed again from every member's records. */
async function placeSharedAgain(digest: DigestClaim): Promise<string[]> {
  const whole = digest.mails.filter((mail) => mail.household?.whole);
  const problems: string[] = [];
  for (const id of new Set(whole.map((mail) => mail.reminderId))) {
    try {
      await refreshHouseholdNextMail(whole[0]!.household!.id, id);
    } catch (error) {
      // The next run finds the reminder still in place and settles what was sent.
      problems.push((error as Error).message);
    }
  }
  return problems;
}

/**
 * A reminder's move in the index once its mail is sent: the recipient's own, or a shared one's in
 * its household's partition, with the member's part (two senders at once may each place it by the
 * other's older part: never later than the truth, so at worst a run finds it early).
 */
function indexMove(userId: string, mail: DigestMail): TransactItem {
  const index = TABLE_KEYS.dueIndex;
  const shared = mail.household;
  const nextAt = shared ? shared.placeAt : mail.nextAt;
  const attributes = nextMailAttributes(mail.reminderId, nextAt);
  const pk = shared ? keys.household(shared.id) : keys.user(userId);
  const part = shared ? ', member_next.#member = :part' : '';
  return {
    Update: {
      TableName: tableName(),
      Key: itemKey(pk, keys.reminder(mail.reminderId)),
      ConditionExpression: 'updated_at = :version',
      ...(nextAt
        ? {
            UpdateExpression: `SET next_at = :at, #pk = :pk, #sk = :sk${part}`,
            ExpressionAttributeValues: {
              ':version': mail.version,
              ':at': nextAt,
              ':pk': attributes[index.partitionKey],
              ':sk': attributes[index.sortKey],
              ...(shared ? { ':part': shared.part } : {}),
            },
          }
        : {
            UpdateExpression: shared
              ? 'SET member_next.#member = :part REMOVE next_at, #pk, #sk'
              : 'REMOVE next_at, #pk, #sk',
            ExpressionAttributeValues: {
              ':version': mail.version,
              ...(shared ? { ':part': shared.part } : {}),
            },
          }),
      ExpressionAttributeNames: {
        '#pk': index.partitionKey,
        '#sk': index.sortKey,
        ...(shared ? { '#member': shared.membershipId } : {}),
      },
    },
  };
}

/** A digest as claimed, found by its token (for the SES Send event); undefined when unknown. */
export async function findDigest(
  userId: string,
  token: string,
): Promise<{ digest: DigestClaim; sent: boolean } | undefined> {
  const item = await getItem(keys.user(userId), keys.digest(token));
  if (!item) return undefined;
  const stored = storedDigest.parse(item);
  return {
    sent: stored.status === 'sent',
    digest: {
      token: stored.token,
      userId: stored.user_id,
      run: { id: stored.run_id, ranAt: stored.ran_at },
      mails: stored.mails,
    },
  };
}
