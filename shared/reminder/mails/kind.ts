/**
 * What a kind of e-mail is, written once per kind (one file each here; ./index.ts lists them): its
 * type, and the word the admin screens label its sends with. A mail a reminder schedules says more:
 * the fields that identify one (beyond its recipient, reminder and renewal), its dedupe key, whether
 * it counts down, and what the reminder page says when it is the next to go. Everything else is
 * derived from the list: the kinds of e-mail, the queue message's check (../mail-schema.ts), the
 * dedupe key of any mail, the admin badges. Zod-free: the schedule, which the dashboard runs, reads
 * these.
 */

/**
 * A field of a scheduled mail, as the queue message's check reads it: a whole number in a range, one
 * of a closed list, a real date or null, or always null.
 */
export type FieldSpec =
  | { readonly int: readonly [min: number, max: number] }
  | { readonly oneOf: readonly [string, ...string[]] }
  | 'date|null'
  | 'null';

type ValueOf<F> = F extends { int: unknown }
  ? number
  : F extends { oneOf: readonly (infer E)[] }
    ? E
    : F extends 'date|null'
      ? string | null
      : null;

/** What identifies every reminder mail: its recipient, its reminder and the renewal it is for. */
export interface MailIdentity {
  userId: string;
  reminderId: string;
  renewalDate: string;
}
export const IDENTITY_FIELDS = [
  'userId',
  'reminderId',
  'renewalDate',
] as const satisfies readonly (keyof MailIdentity)[];

/** A scheduled mail of type T with fields F, as the schedule makes it and the queue carries it. */
export type MailOf<T extends string, F extends Readonly<Record<string, FieldSpec>>> = {
  type: T;
} & MailIdentity & {
    -readonly [K in keyof F]: ValueOf<F[K]>;
  };

export interface MailKind<T extends string = string> {
  readonly type: T;
  /** How the admin screens' badge names its sends and logs. */
  readonly label: string;
}

/** What the reminder page knows of the next mail when it says it. */
export interface NextMailFacts {
  /** Days before what it counts to; null for a mail after the renewal. */
  days_before: number | null;
}

export interface ReminderMailKind<
  T extends string = string,
  F extends Readonly<Record<string, FieldSpec>> = Readonly<Record<string, FieldSpec>>,
> extends MailKind<T> {
  /** Its own fields, which with its type and identity make the whole mail (the queue refuses any other). */
  readonly fields: F;
  /** The part after SEND# of its send record: the same for every run, so a re-run finds it. */
  dedupeKey(mail: MailOf<T, F>): string;
  /** Counts down to a date: a queued one carries days left (a mail after the renewal has none). */
  readonly countsDown: boolean;
  /** What the reminder page says of it as the next mail; `target` is what it counts to ('the renewal date'). */
  nextMailText(mail: NextMailFacts, target: string): string;
}

/** A kind of e-mail no reminder schedules (the account's, the household's): a type and a label. */
export const mailKind = <const T extends string>(kind: MailKind<T>): MailKind<T> => kind;

/** A kind of mail a reminder schedules; its schedule rule is in ../schedule.ts. */
export const reminderMailKind = <const T extends string, const F extends Readonly<Record<string, FieldSpec>>>(
  kind: ReminderMailKind<T, F>,
): ReminderMailKind<T, F> => kind;
