/**
 * The one DynamoDB table: its key schema (used by the CDK data construct and by the local stack's
 * CreateTable) and every key format (used by the stores). Nothing else spells a key.
 */
export const TABLE_KEYS = {
  partitionKey: 'pk',
  sortKey: 'sk',
  /** Reminders by renewal date, for the daily job: gsi1pk = DUE#{date}#{shard}, gsi1sk = reminder id. */
  dueIndex: { name: 'gsi1', partitionKey: 'gsi1pk', sortKey: 'gsi1sk' },
} as const;

/** Items with this attribute (epoch seconds) are removed by DynamoDB TTL on AWS. */
export const TTL_ATTRIBUTE = 'expires_at';

/** Shards per due date, so a popular date (1 January) never makes one hot partition. */
export const DUE_SHARDS = 4;

export const keys = {
  user: (userId: string) => `USER#${userId}`,
  profile: () => 'PROFILE',
  reminder: (reminderId: string) => `REMINDER#${reminderId}`,
  reminderPrefix: 'REMINDER#',
  due: (date: string, shard: number) => `DUE#${date}#${shard}`,
  saving: (reminderId: string, createdAtIso: string) => `SAVING#${createdAtIso}#${reminderId}`,
  savingPrefix: 'SAVING#',
  /** Rate limit windows for public endpoints: one item per window, expired by TTL. */
  rateLimit: (name: string, window: string) => `RATE#${name}#${window}`,
  /**
   * One item per mail that must go at most once: the idempotency claim and the send record, in the
   * recipient's partition (so account deletion finds and anonymises them).
   */
  send: (dedupeKey: string) => `SEND#${dedupeKey}`,
  sendPrefix: 'SEND#',
  /** Where a deleted user's send records go, stripped of the address. */
  anonymisedSends: () => 'ANONYMISED_SENDS',
  /** Sends listed newest first through the same GSI, one partition per UTC day. */
  sendsByDay: (day: string) => `EMAIL_SENDS#${day}`,
  emailLogs: () => 'EMAIL_LOG',
  emailLog: (sentAtIso: string, id: string) => `${sentAtIso}#${id}`,
  suppressed: (email: string) => `SUPPRESSED#${email.toLowerCase()}`,
  /** Single-item counters for statistics and the founding-member promotion. */
  stats: () => 'STATS',
  statsGlobal: () => 'GLOBAL',
  /** Reminders per renewal date, one small item per month (attributes d01..d31). */
  dueCounts: () => 'DUE_COUNTS',
  dueCountsMonth: (date: string) => date.slice(0, 7),
  /** Confirmed sign-ups per calendar day, for 'new this week'. */
  signupsByDay: () => 'SIGNUPS_BY_DAY',
  auditLog: () => 'AUDIT_LOG',
  auditEntry: (atIso: string, id: string) => `${atIso}#${id}`,
  cronRuns: () => 'CRON_RUN',
  cronRun: (ranAtIso: string, id: string) => `${ranAtIso}#${id}`,
} as const;

/** A stable shard for a reminder id: the sum of its character codes, so no random state is needed. */
export function shardFor(id: string): number {
  let sum = 0;
  for (const ch of id) sum += ch.charCodeAt(0);
  return sum % DUE_SHARDS;
}
