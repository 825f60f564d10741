/** The admin console's routes of the API contract (shared/routes.ts spreads them into API). */
import type { CronRun, EmailLog, EmailSend } from './api.ts';
import type {
  AdminConfig,
  AdminStats,
  AuditEntry,
  CheckResult,
  HandshakeResult,
  RunCronResult,
  SystemTestResult,
  TestEmailResult,
} from './admin.ts';
import { returns, type RouteSpec } from './contract.ts';
import { limitQuerySchema, runCronSchema, systemTestSchema } from './schemas/params.ts';

/** An admin log read newest first, ?limit= rows (`fallback` by default). */
const adminList = (fallback: number) =>
  ({ method: 'GET', access: 'admin', query: limitQuerySchema(fallback) }) as const;

export const ADMIN_ROUTES = {
  adminStats: { method: 'GET', path: '/api/admin/stats', access: 'admin', response: returns<AdminStats>() },
  adminConfig: {
    method: 'GET',
    path: '/api/admin/config',
    access: 'admin',
    response: returns<AdminConfig>(),
  },
  adminHandshake: {
    method: 'GET',
    path: '/api/admin/handshake',
    access: 'admin',
    response: returns<HandshakeResult>(),
  },
  adminHealth: {
    method: 'GET',
    path: '/api/admin/health',
    access: 'admin',
    response: returns<{ checks: CheckResult[] }>(),
  },
  adminEmailSends: {
    path: '/api/admin/email-sends',
    ...adminList(100),
    response: returns<{ sends: EmailSend[] }>(),
  },
  adminEmailLogs: {
    path: '/api/admin/email-logs',
    ...adminList(50),
    response: returns<{ logs: EmailLog[] }>(),
  },
  adminCronRuns: { path: '/api/admin/cron-runs', ...adminList(14), response: returns<{ runs: CronRun[] }>() },
  adminAudit: { path: '/api/admin/audit', ...adminList(50), response: returns<{ entries: AuditEntry[] }>() },
  adminRunCron: {
    method: 'POST',
    path: '/api/admin/run-cron',
    access: 'admin',
    body: runCronSchema,
    response: returns<RunCronResult>(),
  },
  adminTestEmail: {
    method: 'POST',
    path: '/api/admin/test-email',
    access: 'admin',
    response: returns<TestEmailResult>(),
  },
  adminSystemTest: {
    method: 'POST',
    path: '/api/admin/system-test',
    access: 'admin',
    body: systemTestSchema,
    response: returns<SystemTestResult>(),
  },
} as const satisfies Record<string, RouteSpec>;
