/** Shapes the API returns; the SPA reads them, the handlers produce them. */
import type { EmailProvider, FeatureFlags } from './flags.ts';
import type { Quote } from './reminder/quotes.ts';
import type { Snooze } from './reminder/snooze.ts';
import type { SharedMailChoice } from './reminder/sharing.ts';
import type { Reminder, RenewalOutcome } from './reminder/types.ts';
import type { InboxItem } from './inbox/items.ts';
import type { EmailType, ReminderMailType } from './emailTypes.ts';
import type { Channel, ChannelKind } from './channels/kinds.ts';

/** A reminder, its finished terms and their closed lists: the reminder's own types (./reminder/types.ts). */
export {
  RENEWAL_RESULT_LABELS,
  RENEWAL_RESULTS,
  SAVINGS_OUTCOMES,
  type Reminder,
  type RenewalOutcome,
  type RenewalResult,
} from './reminder/types.ts';
export type { Quote } from './reminder/quotes.ts';

/** The next mail a reminder has still to go, from the schedule the reminder job sends by. */
export interface NextMail {
  /** The owner's local date it goes (at 08:00 their time). */
  date: string;
  /** A lead ('reminder'), an action window ('window') or the follow-up ('savings'), as the mail types name them. */
  type: ReminderMailType;
  /** Days before the act-by date (when set) or the renewal date (a window: the renewal); null for the follow-up. */
  days_before: number | null;
  counts_to: 'act_by' | 'renewal';
}

/** GET /api/reminders/{id}: the reminder, its next mail and its finished terms, newest first. */
export interface ReminderDetails {
  reminder: Reminder;
  next_mail: NextMail | null;
  history: RenewalOutcome[];
  /** Its snoozes ('Snooze 3 days'), newest first. */
  snoozes: Snooze[];
  /** The quote notebook of the current renewal, oldest first. */
  quotes: Quote[];
}

export interface Profile {
  id: string;
  user_id: string;
  email: string;
  first_name: string;
  last_name: string | null;
  country: string;
  timezone: string;
  marketing_consent: boolean;
  is_admin: boolean;
  /** One of the first 1,000 confirmed sign-ups: free for life. */
  lifetime_free: boolean;
  /** Reminder and follow-up e-mails on (unsubscribe and the settings toggle turn them off). */
  reminder_emails: boolean;
  /** Several mails due in one run go as separate mails, not one digest (off by default). */
  email_per_renewal: boolean;
  /**
   * The day's reminders as a push too (on by default; it matters once a device has notifications on).
   * Its own switch: reminder e-mails off leaves it as it is.
   */
  push_reminders: boolean;
  /** How many devices have notifications on (counted with each add and removal). */
  push_devices: number;
  /**
   * The alert channels that take the day's message (Telegram, ntfy, webhook), kept with each
   * channel's own writes, so the reminder job knows without reading them (shared/channels/kinds.ts).
   */
  alert_channels: ChannelKind[];
  /** 'Remind me about shared renewals': which of the household's shared reminders mail this member. */
  shared_reminder_mails: SharedMailChoice;
  /** The calendar feed's generation (0: never made); 'Reset link' moves it on. */
  calendar_version: number;
  /** SHA-256 of the live feed token, or null: the token itself is never stored. */
  calendar_feed_hash: string | null;
  /**
   * The first second (epoch seconds) whose access tokens the API takes: sessions issued before were
   * ended (a password reset, 'Sign out everywhere', a password change; shared/sessions.ts). 0: never.
   */
  sessions_valid_after: number;
  /** The last password reset, or null: the account's first reset does more (decision 0050). */
  password_reset_at: string | null;
  created_at: string;
}

/** The private calendar feed's address, in both forms: https for copying, webcal to subscribe. */
export interface CalendarLink {
  https_url: string;
  webcal_url: string;
}

export interface MeResponse {
  profile: Profile;
  isAdmin: boolean;
}

export interface ApiError {
  message: string;
  /** Field-level messages from validation, keyed by field name. */
  fieldErrors?: Record<string, string[]>;
}

/** Runtime configuration the SPA loads from /config.json (written at deploy time, or by the local stack). */
export interface WebConfig {
  stage: string;
  region: string;
  userPoolId: string;
  userPoolClientId: string;
  /** Set only locally: the path on the page's own origin through which Amplify reaches cognito-local. */
  userPoolEndpoint?: string;
  siteUrl: string;
}

/**
 * Closed lists the API returns and the stores parse: each written once, here (the kinds of e-mail
 * in ./emailTypes.ts, which the reminder's own modules import too).
 */
export { EMAIL_TYPES, REMINDER_MAIL_TYPES, type EmailType, type ReminderMailType } from './emailTypes.ts';
/**
 * A send record's status: claimed and in flight (pending), accepted by SES (sent), refused by SES
 * (failed; retried by later runs up to a limit), or settled without sending: an older lead covered by
 * a later one (superseded), past its usefulness (missed), or planned for someone who takes no
 * reminder mail (skipped: unsubscribed, or the address suppressed).
 */
export const SEND_STATUSES = ['sent', 'failed', 'pending', 'superseded', 'missed', 'skipped'] as const;
export type SendStatus = (typeof SEND_STATUSES)[number];
export const CRON_TRIGGERS = ['schedule', 'manual', 'cli', 'local-timer'] as const;
export const AUDIT_ACTIONS = ['run_cron', 'simulate_cron', 'test_email', 'system_test'] as const;

/** email_sends: one row per mail, its status and SES message id. */
export interface EmailSend {
  id: string;
  user_id: string;
  reminder_id: string | null;
  email_type: EmailType;
  to_email: string;
  subject: string;
  status: SendStatus;
  message_id: string | null;
  error_message: string | null;
  days_before: number | null;
  simulated: boolean;
  sent_at: string | null;
  created_at: string;
}

/** email_logs: what went out (or, simulated, would have). */
export interface EmailLog {
  id: string;
  user_id: string;
  reminder_id: string | null;
  email_type: EmailType;
  days_before: number | null;
  simulated: boolean;
  sent_at: string;
}

export interface CronRun {
  id: string;
  ran_at: string;
  /** The Europe/London calendar date the run worked for. */
  date: string;
  trigger: (typeof CRON_TRIGGERS)[number];
  simulated: boolean;
  /** Mails sent (or, simulated, planned). A real run's senders add theirs as they go. */
  items_processed: number;
  /** Mails the run put on the send queue (0 for a simulation or with sending disabled). */
  queued: number;
  planned: number;
  skipped: number;
  /** Mails sent after their day (caught up). */
  late: number;
  /** Older leads covered by a later one sent instead. */
  superseded: number;
  /** Mails past their usefulness, never sent. */
  missed: number;
  /** Repeating reminders rolled forward to their next renewal (a simulation: would be). */
  rolled: number;
  errors: string[];
  duration_ms: number;
  /** The planner started and has not yet queued (or recorded) what it found. */
  planning: boolean;
  /** Mails the senders have finished with, whatever their fate; the run is complete at `queued`. */
  done: number;
  /** Derived when read (shared/runs.ts): success, failed (errors), running, or interrupted. */
  status: CronRunStatus;
}

export const CRON_RUN_STATUSES = ['success', 'failed', 'running', 'interrupted'] as const;
export type CronRunStatus = (typeof CRON_RUN_STATUSES)[number];

export interface SavingsSummary {
  /** The caller's own outcomes' saving per year (savingsTotalPence), summed, in pounds, 2 decimals. */
  total: number;
  /**
   * The household's shared outcomes, summed the same way and counted once for the household (never
   * in `total`); null when the caller is in no household.
   */
  household_total: number | null;
  /** The ledger: the caller's own outcomes and the household's shared ones (`shared`), the latest renewal first. */
  records: RenewalOutcome[];
}

/** GET /api/me/data: a copy of everything held about the user (the UK GDPR right of access). */
export interface MyData {
  exported_at: string;
  profile: Profile;
  /** Every reminder, cancelled ones included. */
  reminders: Reminder[];
  /** Every renewal's outcome: the history and the savings ledger. */
  outcomes: RenewalOutcome[];
  savings_total: number;
  /** Every quote in the quote notebooks, of every renewal. */
  quotes: Quote[];
  /** The mails sent to the user, oldest first. */
  mails: { type: EmailType; sent_at: string; subject: string }[];
  /**
   * What the user's household shares, which every member sees: its shared reminders, their
   * outcomes and quotes (each reminder and outcome marked `shared`); null when in no household.
   */
  household_shared: { reminders: Reminder[]; outcomes: RenewalOutcome[]; quotes: Quote[] } | null;
  /** The renewal inbox's items: what was read from each letter (never the letter itself). */
  inbox: InboxItem[];
  /** The alert channels as the settings show them (addresses, not their tokens or secrets). */
  channels: Channel[];
}

/** What an import did: reminders saved, and rows skipped as duplicates of reminders already there. */
export interface ImportResult {
  imported: number;
  skipped: number;
}

/** POST /api/reminders/{id}/savings: the outcome recorded, and the reminder as it now is. */
export interface OutcomeRecorded {
  savings: RenewalOutcome;
  reminder: Reminder;
}

/** What the unsubscribe page shows before the press: whose reminder e-mails the link turns off. */
export interface UnsubscribeDetails {
  /** The address, masked (maskEmail in shared/identity.ts); null when the account no longer exists. */
  masked_email: string | null;
  /** What the link stops: a user's reminder e-mails, or household invitations to someone not a user. */
  kind: 'reminders' | 'invitations';
}

export interface PromotionStatus {
  places_total: number;
  places_left: number;
}

/** Public configuration served by GET /api/config. */
export interface PublicConfig {
  stage: string;
  featureFlags: FeatureFlags;
  emailProvider: EmailProvider;
  /** Whether 'Look up MOT and tax dates' works here (the stage has a DVLA key): else it is hidden. */
  vehicleLookup: boolean;
}
