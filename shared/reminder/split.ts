/**
 * 'Who pays?' on a shared reminder: one member, everyone equally, or by amounts that add up to the
 * payment. Each member's yearly figures count their own part of a shared bill, never the whole of it
 * for everyone. Pure: the dialog, the dashboard, the export and the store's checks say it one way.
 *
 * Parts are worked in pence. An equal split of a sum that does not divide leaves the odd pence one
 * each to the first members in membership-id order (an order every member sees the same), so the
 * parts always add up to the whole and nobody's figure depends on whose screen it is.
 */
import * as z from 'zod';
import { formatPounds } from '../dates.ts';
import { HOUSEHOLD_MEMBER_LIMIT } from './members.ts';
import { paymentsPerYear, type Repeats } from './terms.ts';

export const WHO_PAYS_LABEL = 'Who pays?';

export interface MemberShare {
  /** A membership id of the household. */
  member: string;
  /** Pounds per payment, 2 decimals. */
  amount: number;
}

export type WhoPays =
  { split: 'equal' } | { split: 'member'; member: string } | { split: 'amounts'; shares: MemberShare[] };

/** What a shared reminder with no answer does: everyone pays an equal part. */
export const EQUAL_SPLIT: WhoPays = { split: 'equal' };

export const SPLIT_MESSAGES = {
  invalid: 'Choose who pays from the list',
  notMember: 'Choose who pays from your household',
  notShared: 'Only a shared reminder is split',
  sharesTwice: 'Give each member one share',
  shareInvalid: 'Enter each share in pounds and pence',
  needsAmount: 'Enter the amount before splitting it by amounts',
  /** The shares must add up to the payment: 'The shares add up to £600.00, not £1,150.00'. */
  sharesDontAddUp: (shares: number, amount: number) =>
    `The shares add up to ${formatPounds(shares)}, not ${formatPounds(amount)}`,
} as const;

const pence = (pounds: number) => Math.round(pounds * 100);

const shareSchema = z.object({
  member: z.string().uuid(SPLIT_MESSAGES.notMember),
  amount: z
    .number({ error: SPLIT_MESSAGES.shareInvalid })
    .finite(SPLIT_MESSAGES.shareInvalid)
    .min(0, SPLIT_MESSAGES.shareInvalid)
    .max(1_000_000, SPLIT_MESSAGES.shareInvalid)
    .refine((v) => Math.abs(pence(v) - v * 100) < 1e-6, SPLIT_MESSAGES.shareInvalid),
});

/** 'Who pays?' as the API takes it: a closed list of kinds, at most one share per member of a household. */
export const whoPaysSchema = z.discriminatedUnion(
  'split',
  [
    z.object({ split: z.literal('equal') }),
    z.object({ split: z.literal('member'), member: z.string().uuid(SPLIT_MESSAGES.notMember) }),
    z.object({
      split: z.literal('amounts'),
      shares: z
        .array(shareSchema)
        .min(1, SPLIT_MESSAGES.invalid)
        .max(HOUSEHOLD_MEMBER_LIMIT, SPLIT_MESSAGES.sharesTwice)
        .refine((shares) => new Set(shares.map((s) => s.member)).size === shares.length, {
          message: SPLIT_MESSAGES.sharesTwice,
        }),
    }),
  ],
  { error: SPLIT_MESSAGES.invalid },
);

/** Why `whoPays` cannot go with a payment of `amount`; null when it can. */
export function splitProblem(whoPays: WhoPays | null, amount: number | null): string | null {
  if (whoPays?.split !== 'amounts') return null;
  if (amount === null) return SPLIT_MESSAGES.needsAmount;
  const sum = whoPays.shares.reduce((total, share) => total + pence(share.amount), 0);
  return sum === pence(amount) ? null : SPLIT_MESSAGES.sharesDontAddUp(sum / 100, amount);
}

/** The membership ids `whoPays` names (each must be a member of the household when it is saved). */
export function membersNamed(whoPays: WhoPays | null): string[] {
  if (whoPays?.split === 'member') return [whoPays.member];
  if (whoPays?.split === 'amounts') return whoPays.shares.map((s) => s.member);
  return [];
}

/**
 * `total` pence in `count` parts that add up to it: equal, the odd pence one each to the first
 * parts. 100p in 3: 34, 33, 33.
 */
export function splitPence(total: number, count: number): number[] {
  if (!Number.isInteger(total) || !Number.isInteger(count) || count < 1)
    throw new RangeError('splitPence takes whole pence and at least one part');
  const base = Math.floor(total / count);
  const odd = total - base * count;
  return Array.from({ length: count }, (_, i) => base + (i < odd ? 1 : 0));
}

/**
 * Each member's part of `total` pence, by membership id. `members` are the household's membership
 * ids now; a split that names someone no longer among them reads as equal, as it is after they leave.
 */
export function partsOf(
  whoPays: WhoPays | null,
  total: number,
  members: readonly string[],
  scale: (sharePence: number) => number = (p) => p,
): Map<string, number> {
  const ids = [...new Set(members)].sort();
  const parts = new Map<string, number>(ids.map((id) => [id, 0]));
  const named = membersNamed(whoPays);
  const stillMembers = named.every((id) => parts.has(id));
  if (whoPays?.split === 'member' && stillMembers) {
    parts.set(whoPays.member, total);
  } else if (whoPays?.split === 'amounts' && stillMembers) {
    for (const share of whoPays.shares) parts.set(share.member, scale(pence(share.amount)));
  } else if (ids.length > 0) {
    splitPence(total, ids.length).forEach((part, i) => parts.set(ids[i]!, part));
  }
  return parts;
}

/** What a reminder needs for its parts. */
export interface SplitReminder {
  shared: boolean;
  amount: number | null;
  billing: Repeats;
  who_pays: WhoPays | null;
}

/**
 * The reader's part of one payment, in pence: the whole of an own reminder, their part of a shared
 * one (0 when they are not among `members`, or the amount is unknown).
 */
export function myPaymentPence(
  reminder: SplitReminder,
  me: string | null,
  members: readonly string[],
): number {
  if (reminder.amount === null) return 0;
  const whole = pence(reminder.amount);
  if (!reminder.shared) return whole;
  if (me === null) return 0;
  return partsOf(reminder.who_pays, whole, members).get(me) ?? 0;
}

/**
 * The reader's part of a year of payments, in pence (0 for a one-off payment). An equal split
 * divides the year's pence, so the members' years add up to the household's to the penny; a share
 * by amounts is that amount's year.
 */
export function myYearlyPence(
  reminder: SplitReminder,
  me: string | null,
  members: readonly string[],
): number {
  const payments = paymentsPerYear(reminder.billing);
  if (reminder.amount === null || payments === 0) return 0;
  const year = (p: number) => Math.round(p * payments);
  const whole = year(pence(reminder.amount));
  if (!reminder.shared) return whole;
  if (me === null) return 0;
  return partsOf(reminder.who_pays, whole, members, year).get(me) ?? 0;
}

/** 'Who pays?' in words, for the export and the reminder page: 'Split equally', 'Alice', 'Alice £600.00; Bob £550.00'. */
export function whoPaysText(whoPays: WhoPays | null, nameOf: (membershipId: string) => string): string {
  if (whoPays === null || whoPays.split === 'equal') return 'Split equally';
  if (whoPays.split === 'member') return nameOf(whoPays.member);
  return whoPays.shares.map((s) => `${nameOf(s.member)} ${formatPounds(s.amount)}`).join('; ');
}

/**
 * A split by amounts once the payment changes from `from` to `to` pounds (a new price at renewal):
 * the same proportions, in pence, the odd pence one each to the first shares, so they add up to the
 * new payment. Any other split, or an amount that was or is unknown (or nothing), stays as it is;
 * a split whose old shares came to nothing becomes equal.
 */
export function rescaled(whoPays: WhoPays | null, from: number | null, to: number | null): WhoPays | null {
  if (whoPays?.split !== 'amounts' || from === null || to === null || from === to) return whoPays;
  const before = whoPays.shares.map((s) => pence(s.amount));
  const was = before.reduce((a, b) => a + b, 0);
  if (was === 0) return EQUAL_SPLIT;
  const total = pence(to);
  const floors = before.map((p) => Math.floor((p * total) / was));
  let odd = total - floors.reduce((a, b) => a + b, 0);
  const shares = whoPays.shares.map((share, i) => {
    const extra = odd > 0 ? 1 : 0;
    odd -= extra;
    return { member: share.member, amount: (floors[i]! + extra) / 100 };
  });
  return { split: 'amounts', shares };
}

/** The dialog's 'Who pays?' select: 'equal', 'amounts' or a membership id. */
export const SPLIT_EQUALLY = 'equal';
export const SPLIT_BY_AMOUNTS = 'amounts';

/**
 * 'Who pays?' from the dialog's fields: the select, and each member's share as typed ('£600', '600.00';
 * blank is nothing). Equal is kept as null, a shared reminder's default. A share that does not read
 * as pounds and pence is NaN, which the schema refuses with its message.
 */
export function whoPaysFromForm(
  choice: string | undefined,
  shares: Record<string, string> | undefined,
  readPounds: (text: string) => number | null,
): WhoPays | null {
  if (!choice || choice === SPLIT_EQUALLY) return null;
  if (choice !== SPLIT_BY_AMOUNTS) return { split: 'member', member: choice };
  return {
    split: 'amounts',
    shares: Object.entries(shares ?? {}).map(([member, text]) => ({ member, amount: readPounds(text) ?? 0 })),
  };
}

/** The dialog's fields for a stored 'Who pays?': a split naming a former member starts again at equal. */
export function whoPaysToForm(
  whoPays: WhoPays | null,
  members: readonly string[] | null,
): { who_pays: string; pay_shares: Record<string, string> } {
  const named = membersNamed(whoPays);
  if (whoPays === null || whoPays.split === 'equal' || (members && !named.every((m) => members.includes(m))))
    return { who_pays: SPLIT_EQUALLY, pay_shares: {} };
  if (whoPays.split === 'member') return { who_pays: whoPays.member, pay_shares: {} };
  return {
    who_pays: SPLIT_BY_AMOUNTS,
    pay_shares: Object.fromEntries(whoPays.shares.map((s) => [s.member, s.amount.toFixed(2)])),
  };
}
