/**
 * The sending room: what the reminder job writes as it mails. Writes the items `digest`, `email_send`
 * (a digest's send records, claimed and settled), `push_send` and `channel_send` (a day's claims,
 * for the push and channels rooms), `email_log`, `suppression`, `cron_run` and `run_message`, and
 * moves a sent reminder's place in the next-mail index. The only module outside this folder may
 * import from it; it builds on the reminders room and the store's base.
 */

export {
  addRunResults,
  type CronRunRecord,
  latestCronRuns,
  noteQueueShortfall,
  recordCronRun,
} from './cronRuns.ts';
export { claimDaySends } from './dayClaims.ts';
export { claimDigest } from './digestClaims.ts';
export {
  afterDigestSent,
  type DigestClaim,
  type DigestMail,
  findDigest,
  recordDigestSent,
} from './digests.ts';
export { emailLogEntry, latestEmailLogs, writeEmailLog } from './emailLogs.ts';
export { isSuppressed, suppress, suppressedAmong } from './suppressions.ts';
