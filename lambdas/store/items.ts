/**
 * The stored items, parsed at the store boundary: every read goes through one of these schemas, so
 * the stores return checked values (key attributes and the entity tag are dropped) and defaults for
 * attributes older items lack are written once.
 */
import { whoPaysSchema } from '../../shared/reminder/split.ts';
import * as z from 'zod';
import { runStatus } from '../../shared/runs.ts';
import {
  AUDIT_ACTIONS,
  CRON_TRIGGERS,
  EMAIL_TYPES,
  RENEWAL_RESULTS,
  SEND_STATUSES,
  type CronRun,
  type EmailLog,
  type EmailSend,
  type Profile,
  type Reminder,
  type RenewalOutcome,
} from '../../shared/api.ts';
import { type AuditEntry } from '../../shared/admin.ts';
import { CATEGORY_VALUES } from '../../shared/reminder/categories.ts';
import { DEFAULT_COUNTRY, DEFAULT_TIMEZONE } from '../../shared/locales.ts';
import { REPEATS_VALUES } from '../../shared/reminder/terms.ts';
import { DATE_KIND_VALUES, legacyContract } from '../../shared/reminder/contract.ts';
import { ACTIONS_DONE_MAX } from '../../shared/reminder/actions.ts';
import { LENDER_VALUES } from '../../shared/reminder/lenders.ts';
import { keptVehicleSchema, VEHICLE_DATES } from '../../shared/vehicles.ts';
import { SHARED_MAIL_CHOICES } from '../../shared/reminder/sharing.ts';
import { NOTICE_ANSWER_VALUES } from '../../shared/reminder/noticeWatch.ts';
import { storedNoticeAnswerSchema } from '../../shared/reminder/noticeSchemas.ts';
import { priceRiseSchema } from '../../shared/reminder/priceRiseSchema.ts';
import { CHANNEL_KINDS } from '../../shared/channels/kinds.ts';

const nullableString = z.string().nullable().default(null);
const nullableNumber = z.number().nullable().default(null);
const emailType = z.enum(EMAIL_TYPES);

const profileItem = z.object({
  id: z.string(),
  user_id: z.string(),
  email: z.string(),
  first_name: z.string().default(''),
  last_name: nullableString,
  country: z.string().default(DEFAULT_COUNTRY),
  timezone: z.string().default(DEFAULT_TIMEZONE),
  marketing_consent: z.boolean().default(false),
  is_admin: z.boolean().default(false),
  lifetime_free: z.boolean().default(false),
  reminder_emails: z.boolean().default(true),
  email_per_renewal: z.boolean().default(false),
  push_reminders: z.boolean().default(true),
  push_devices: z.number().default(0),
  // A string set in the table (ADD and DELETE keep it without a read); a profile without one has none.
  alert_channels: z.preprocess(
    (value) => (value instanceof Set ? [...(value as Set<unknown>)] : (value ?? [])),
    z.array(z.string()).transform((kinds) => CHANNEL_KINDS.filter((kind) => kinds.includes(kind))),
  ),
  shared_reminder_mails: z.enum(SHARED_MAIL_CHOICES).default('all').catch('all'),
  calendar_version: z.number().default(0),
  calendar_feed_hash: nullableString,
  sessions_valid_after: z.number().default(0),
  password_reset_at: nullableString,
  created_at: z.string(),
});

/**
 * Reminders stored before they were contracts read as they always behaved: a one-off date (no
 * repeat, no roll forward), no act-by date, the category's lead days, counted from their own date.
 */
const reminderItem = z
  .object({
    id: z.string(),
    user_id: z.string(),
    title: z.string(),
    category: z.enum(CATEGORY_VALUES),
    provider: z.string(),
    renewal_date: z.string(),
    amount: nullableNumber,
    notes: nullableString,
    repeats: z.enum(REPEATS_VALUES).default('none'),
    billing: z.enum(REPEATS_VALUES).optional(),
    date_kind: z.enum(DATE_KIND_VALUES).optional(),
    ask_deal_end: z.boolean().default(false),
    auto_renew: z.boolean().default(false),
    act_by: nullableString,
    lead_days: z.array(z.number()).nullable().default(null),
    action_windows: z.boolean().default(true),
    // A lender no longer listed reads as not given ('Another lender'), never as an unreadable item.
    lender: z.enum(LENDER_VALUES).nullable().default(null).catch(null),
    kept_vehicle: keptVehicleSchema.nullable().default(null).catch(null),
    vehicle_date: z.enum(VEHICLE_DATES).nullable().default(null).catch(null),
    term_anchor: z.string().optional(),
    term_started: nullableString,
    last_term_amount: nullableNumber,
    renewal_offer: z
      .object({ price: z.number(), quote_id: z.string(), renewal_date: z.string() })
      .nullable()
      .default(null)
      .catch(null),
    notice_answer: storedNoticeAnswerSchema,
    // A rise that no longer reads (a hand-edited item) is none known, never an unreadable item.
    price_rise: priceRiseSchema.nullable().default(null).catch(null),
    archived_at: nullableString,
    // Keys of a closed list (the window kinds) per renewal; anything else reads as none marked.
    actions_done: z.array(z.string().max(40)).max(ACTIONS_DONE_MAX).default([]).catch([]),
    // Set on the household's items only (stores/sharedReminders.ts); a user's own read as their own.
    shared: z.boolean().default(false),
    deals_with: nullableString,
    // A split that no longer reads (a hand-edited item) is an equal one, as a shared reminder's default.
    who_pays: whoPaysSchema.nullable().default(null).catch(null),
    created_by: nullableString,
    updated_by: nullableString,
    created_at: z.string(),
    updated_at: z.string(),
  })
  .transform(({ term_anchor, billing, date_kind, ...reminder }) => ({
    ...reminder,
    // Saved before the two facts were apart: read as its `repeats` meant then (contract.ts).
    ...(billing === undefined || date_kind === undefined
      ? legacyContract(reminder.category, reminder.repeats)
      : { billing, date_kind }),
    term_anchor: term_anchor ?? reminder.renewal_date,
  }));

/**
 * A renewal's outcome. Older items (before the history) hold only `outcome` ('saved' or
 * 'no_saving') and the amount: they read as 'Saved' or 'Renewed as it was', with the term unknown.
 */
const outcomeItem = z
  .object({
    id: z.string(),
    reminder_id: z.string(),
    user_id: z.string(),
    title: z.string().default(''),
    category: z.enum(CATEGORY_VALUES).nullable().default(null),
    provider: nullableString,
    term_from: nullableString,
    term_to: nullableString,
    price: nullableNumber,
    new_price: nullableNumber,
    offer_price: nullableNumber,
    notice_answer: z.enum(NOTICE_ANSWER_VALUES).nullable().default(null).catch(null),
    result: z.enum(RENEWAL_RESULTS).optional(),
    outcome: z.enum(['saved', 'no_saving']).optional(),
    saved_amount: z.number().default(0),
    // Saved as `repeats` before a reminder's payments and its term were apart: it meant the payments.
    billing: z.enum(REPEATS_VALUES).optional(),
    repeats: z.enum(REPEATS_VALUES).default('none'),
    shared: z.boolean().default(false),
    recorded_by: nullableString,
    created_at: z.string(),
    updated_at: z.string().optional(),
  })
  .transform(({ outcome, result, billing, repeats, ...record }) => ({
    ...record,
    billing: billing ?? repeats,
    result: result ?? (outcome === 'saved' ? ('saved' as const) : ('renewed' as const)),
    updated_at: record.updated_at ?? record.created_at,
  }));

const emailSendItem = z.object({
  id: z.string(),
  user_id: z.string(),
  reminder_id: nullableString,
  email_type: emailType,
  to_email: z.string(),
  subject: z.string(),
  status: z.enum(SEND_STATUSES),
  message_id: nullableString,
  error_message: nullableString,
  days_before: nullableNumber,
  simulated: z.boolean().default(false),
  sent_at: nullableString,
  created_at: z.string(),
});

const emailLogItem = z.object({
  id: z.string(),
  user_id: z.string(),
  reminder_id: nullableString,
  email_type: emailType,
  days_before: nullableNumber,
  simulated: z.boolean().default(false),
  sent_at: z.string(),
});

const auditItem = z.object({
  id: z.string(),
  at: z.string(),
  actor_id: z.string(),
  actor_email: nullableString,
  action: z.enum(AUDIT_ACTIONS),
  detail: z.string(),
});

const cronRunItem = z.object({
  id: z.string(),
  ran_at: z.string(),
  date: z.string(),
  trigger: z.enum(CRON_TRIGGERS).default('schedule'),
  simulated: z.boolean().default(false),
  items_processed: z.number().default(0),
  queued: z.number().default(0),
  planned: z.number().default(0),
  skipped: z.number().default(0),
  late: z.number().default(0),
  superseded: z.number().default(0),
  missed: z.number().default(0),
  rolled: z.number().default(0),
  errors: z.array(z.string()).default([]),
  duration_ms: z.number().default(0),
  // Records written before these were kept count as finished.
  planning: z.boolean().default(false),
  done: z.number().optional(),
});

/** Only the numbers of an item: the counters of STATS/GLOBAL, a DUE_COUNTS month, an ADD's result. */
const numbersItem = z
  .record(z.string(), z.unknown())
  .transform((item) =>
    Object.fromEntries(
      Object.entries(item).filter((entry): entry is [string, number] => typeof entry[1] === 'number'),
    ),
  );

/** A claim's state, read when the claim is refused. */
const claimStateItem = z.object({
  status: z.string().default('unknown'),
  attempts: z.number().default(0),
  message_id: nullableString.optional(),
});

/** A pointer to a log item that names the user (keys.logRef). */
const logRefItem = z.object({ ref_pk: z.string(), ref_sk: z.string() });

/** Any item of a user's partition, as account deletion reads them. */
const anyItem = z.object({ pk: z.string(), sk: z.string(), entity: z.string().optional() }).loose();

export const parseProfile = (item: unknown): Profile => profileItem.parse(item);
export const parseReminder = (item: unknown): Reminder => reminderItem.parse(item);
export const parseOutcome = (item: unknown): RenewalOutcome => outcomeItem.parse(item);
export const parseEmailSend = (item: unknown): EmailSend => emailSendItem.parse(item);
export const parseEmailLog = (item: unknown): EmailLog => emailLogItem.parse(item);
export const parseAudit = (item: unknown): AuditEntry => auditItem.parse(item);
export const parseCronRun = (item: unknown, now: Date): CronRun => {
  const { done, ...run } = cronRunItem.parse(item);
  const counted = { ...run, done: done ?? run.queued };
  return { ...counted, status: runStatus(counted, now) };
};
export const parseNumbers = (item: unknown): Record<string, number> => numbersItem.parse(item ?? {});
export const parseClaimState = (item: unknown) => claimStateItem.parse(item ?? {});
export const parseLogRef = (item: unknown) => logRefItem.parse(item);
export const parseAnyItem = (item: unknown) => anyItem.parse(item);
