/** Shapes the admin console's routes return (shared/adminRoutes.ts); shared/api.ts re-exports them. */
import type { AUDIT_ACTIONS, CronRun } from './api.ts';
import type { EmailProvider } from './flags.ts';

/** GET /api/admin/stats: the admin dashboard's statistics, from counters and the due-date counts. */
export interface AdminStats {
  total_users: number;
  new_users_7_days: number;
  total_reminders: number;
  active_reminders: number;
  past_due_reminders: number;
  reminders_due_7_days: number;
  reminders_due_30_days: number;
  total_savings: number;
  avg_savings_per_user: number;
  by_category: { category: string; reminder_count: number }[];
  by_country: { country: string; user_count: number }[];
  email_provider: EmailProvider;
}

export type CheckStatus = 'pass' | 'fail' | 'warning';

export interface CheckResult {
  name: string;
  category: string;
  status: CheckStatus;
  detail: string;
}

export interface HandshakeResult {
  provider: EmailProvider;
  ok: boolean;
  /** 'PASS: …' or 'FAIL: …', as the self-check shows it. */
  message: string;
  sending_enabled: boolean | null;
  max_24_hour_send: number | null;
  max_send_rate: number | null;
  sent_last_24_hours: number | null;
  identity: string | null;
  identity_verified: boolean | null;
}

export interface AdminConfig {
  email_provider: EmailProvider;
  email_from: string;
  region: string;
  site_url: string;
  api_url: string;
  table_name: string;
  stage: string;
  configuration_set: string | null;
}

export interface AuditEntry {
  id: string;
  at: string;
  actor_id: string;
  actor_email: string | null;
  action: (typeof AUDIT_ACTIONS)[number];
  detail: string;
}

/** POST /api/admin/run-cron. */
export interface RunCronResult {
  success: boolean;
  /**
   * Mails simulated (a simulation), or null for a real run: its senders send from the queue and
   * the cron log shows their count.
   */
  emailsSent: number | null;
  /** A real run: the mails it put on the send queue (null when started asynchronously on AWS). */
  emailsQueued?: number | null;
  errors: string[];
  processedDate: string;
  run?: CronRun;
  started?: boolean;
  message?: string;
}

/** POST /api/admin/system-test. */
export interface SystemTestResult {
  results: CheckResult[];
  summary: { passed: number; failed: number; warnings: number };
  ran_at: string;
}

/** POST /api/admin/test-email. */
export interface TestEmailResult {
  messageId: string;
  to: string;
}
