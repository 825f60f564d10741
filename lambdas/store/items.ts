/**
 * The stored items, parsed at the store boundary: every read goes through one of these schemas, so
 * the stores return checked values (key attributes and the entity tag are dropped) and defaults for
 * attributes older items lack are written once.
 */
import * as z from 'zod';
import {
  AUDIT_ACTIONS,
  CRON_TRIGGERS,
  EMAIL_TYPES,
  SAVINGS_OUTCOMES,
  SEND_STATUSES,
  type AuditEntry,
  type CronRun,
  type EmailLog,
  type EmailSend,
  type Profile,
  type Reminder,
  type SavingsRecord,
} from '../../shared/api.ts';
import { CATEGORY_VALUES } from '../../shared/categories.ts';
import { DEFAULT_COUNTRY, DEFAULT_TIMEZONE } from '../../shared/locales.ts';

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
  created_at: z.string(),
});

const reminderItem = z.object({
  id: z.string(),
  user_id: z.string(),
  title: z.string(),
  category: z.enum(CATEGORY_VALUES),
  provider: z.string(),
  renewal_date: z.string(),
  amount: nullableNumber,
  notes: nullableString,
  created_at: z.string(),
  updated_at: z.string(),
});

const savingItem = z.object({
  id: z.string(),
  reminder_id: z.string(),
  user_id: z.string(),
  outcome: z.enum(SAVINGS_OUTCOMES),
  saved_amount: z.number(),
  created_at: z.string(),
});

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
  errors: z.array(z.string()).default([]),
  duration_ms: z.number().default(0),
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
export const parseSaving = (item: unknown): SavingsRecord => savingItem.parse(item);
export const parseEmailSend = (item: unknown): EmailSend => emailSendItem.parse(item);
export const parseEmailLog = (item: unknown): EmailLog => emailLogItem.parse(item);
export const parseAudit = (item: unknown): AuditEntry => auditItem.parse(item);
export const parseCronRun = (item: unknown): CronRun => cronRunItem.parse(item);
export const parseNumbers = (item: unknown): Record<string, number> => numbersItem.parse(item ?? {});
export const parseClaimState = (item: unknown) => claimStateItem.parse(item ?? {});
export const parseLogRef = (item: unknown) => logRefItem.parse(item);
export const parseAnyItem = (item: unknown) => anyItem.parse(item);
