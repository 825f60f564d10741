import { CATEGORY_VALUES, type Category } from './reminder/categories.ts';
import { COUNTRY_CODES, type CountryCode } from './locales.ts';
import { reminderMailKeys } from './reminder/mailKeys.ts';
import type { ChannelKind } from './channels/kinds.ts';

/**
 * The one DynamoDB table: its key schema (used by the CDK data construct and by the local stack's
 * CreateTable) and every key format (used by the stores). Nothing else spells a key.
 */
export const TABLE_KEYS = {
  partitionKey: 'pk',
  sortKey: 'sk',
  /**
   * gsi1: the next-mail index (gsi1pk = NEXT#{shard}, gsi1sk = {moment}#{reminder id}), the sends
   * listed by day (gsi1pk = EMAIL_SENDS#{day}) and a household's invitations (HOUSEHOLD_INVITES#{id}).
   */
  dueIndex: { name: 'gsi1', partitionKey: 'gsi1pk', sortKey: 'gsi1sk' },
} as const;

/** Items with this attribute (epoch seconds) are removed by DynamoDB TTL on AWS. */
export const TTL_ATTRIBUTE = 'expires_at';

/** Set on a reminder staged by an import that has not been committed yet (decision 0021). */
export const IMPORT_PENDING = 'import_pending';

/** Shards of the next-mail index, so the morning's busiest moment never makes one hot partition. */
export const NEXT_MAIL_SHARDS = 4;

/**
 * The rate limits (keys.rateLimit), a closed list: the store's rate-limits room counts only these.
 * A public route's rights are scoped to its own counters (lib/routeRights.ts): the calendar files
 * count per token, `{name}:{hash of the token}`; a user's own actions count per user,
 * `{name}#{user id}`.
 */
export const RATE_LIMIT_NAMES = {
  notFoundReports: 'not-found',
  calendarFeed: 'calendar',
  calendarEvent: 'calendar-event',
  channelTests: 'channel-tests',
  vehicleLookups: 'vehicles',
  householdInvites: 'household-invites',
} as const;

export const keys = {
  user: (userId: string) => `USER#${userId}`,
  profile: () => 'PROFILE',
  reminder: (reminderId: string) => `REMINDER#${reminderId}`,
  reminderPrefix: 'REMINDER#',
  /**
   * The outcome of one renewal (a finished term): one per renewal, so reporting it again replaces
   * it. Older outcomes were keyed `SAVING#{created at}#{reminder id}`; both forms share the prefix,
   * so one query reads the whole ledger.
   */
  outcome: (reminderId: string, renewalDate: string) => `SAVING#${reminderId}#${renewalDate}`,
  savingPrefix: 'SAVING#',
  /**
   * An import's commit record: its reminders, written hidden (with `import_pending`), become visible
   * together when this one item is written (decision 0021).
   */
  importBatch: (importId: string) => `IMPORT#${importId}`,
  /** Held while one import of the user runs, so two cannot both pass the duplicate check. */
  importLock: () => 'IMPORT_LOCK',
  /**
   * A calendar feed's lookup, keyed by the SHA-256 of its secret token (never the token itself), in
   * a partition of its own so the public feed finds its owner with one read.
   */
  calendarFeed: (tokenHash: string) => `CALENDAR#${tokenHash}`,
  calendarFeedEntry: () => 'CALENDAR',
  /**
   * The confirmation link's one sign-in (decision 0023): the SHA-256 verifier of the confirming
   * browser's secret, in the user's partition, redeemed (deleted) once, within minutes.
   */
  linkSignIn: () => 'LINK_SIGN_IN',
  /**
   * The renewal inbox (shared/inbox/items.ts): an item read from a mail or an upload, in the user's
   * partition, keyed by an id (a mail's derived from its delivery, so a redelivery finds it taken);
   * the address's state (its generation and the hash of its local part); the day's count of items.
   * The address's lookup, keyed by the SHA-256 of its local part (never the address), sits in a
   * partition of its own so an inbound mail finds its owner in one read.
   */
  inboxItem: (itemId: string) => `INBOX#${itemId}`,
  inboxItemPrefix: 'INBOX#',
  inboxAddressState: () => 'INBOX_ADDRESS',
  inboxDay: (day: string) => `INBOX_DAY#${day}`,
  inboxLookup: (localPartHash: string) => `INBOX_ADDRESS#${localPartHash}`,
  inboxLookupEntry: () => 'INBOX_ADDRESS',
  /**
   * A device the user turned notifications on for: its push subscription, in the user's partition
   * (account deletion removes it with the rest), keyed by the id derived from its endpoint
   * (shared/push.ts), never by the endpoint itself.
   */
  pushDevice: (deviceId: string) => `PUSH#${deviceId}`,
  pushDevicePrefix: 'PUSH#',
  /**
   * An alert channel of the user's (shared/channels/kinds.ts): one item per kind, a closed list, in
   * the user's partition; its address is a value of the item, never part of a key.
   */
  channel: (kind: ChannelKind) => `CHANNEL#${kind}`,
  channelPrefix: 'CHANNEL#',
  /**
   * Telegram's connect link waiting to be used, in the user's partition (one at a time: a new link
   * replaces it), and its lookup, keyed by the SHA-256 of the link's token (never the token), in a
   * partition of its own so the bot's webhook finds the account with one read.
   */
  telegramLink: () => 'TELEGRAM_LINK',
  telegramLinkLookup: (tokenHash: string) => `TELEGRAM_LINK#${tokenHash}`,
  telegramLinkEntry: () => 'TELEGRAM_LINK',
  /** Which account a Telegram chat is bound to, keyed by the SHA-256 of the chat's id ('/stop' finds it). */
  telegramChat: (chatHash: string) => `TELEGRAM_CHAT#${chatHash}`,
  telegramChatEntry: () => 'TELEGRAM_CHAT',
  /**
   * A quote in a renewal's quote notebook, in the user's partition: keyed by the reminder's id, the
   * renewal date and a slot number (0 to QUOTE_LIMIT - 1), never by what the user typed. Taking a
   * free slot on condition that it is free is what keeps a renewal at QUOTE_LIMIT quotes.
   */
  quote: (reminderId: string, renewalDate: string, slot: number) =>
    `QUOTE#${reminderId}#${renewalDate}#${String(slot).padStart(2, '0')}`,
  quotesOfRenewal: (reminderId: string, renewalDate: string) => `QUOTE#${reminderId}#${renewalDate}#`,
  quotesOfReminder: (reminderId: string) => `QUOTE#${reminderId}#`,
  /**
   * A household (decision 0044): its partition holds the household item and one MEMBER item per
   * membership (and its shared reminders). Every household read starts from the
   * caller's own `householdOfUser` item; no request names a household id. Its shared reminders,
   * their outcomes and quotes use the same sort keys as in a user's partition.
   */
  household: (householdId: string) => `HOUSEHOLD#${householdId}`,
  householdEntry: () => 'HOUSEHOLD',
  /** A membership, by its own random id (one per joining): never the user id, so it dies with the item. */
  member: (membershipId: string) => `MEMBER#${membershipId}`,
  memberPrefix: 'MEMBER#',
  /** In the user's partition (sk): which household the user is in; at most one (attribute_not_exists). */
  householdOfUser: () => 'HOUSEHOLD',
  /**
   * A note about the user's household life, in their own partition, keyed by a random id: a shared
   * reminder another member took back, for instance (shared/household.ts). Account deletion takes
   * it with the partition; a notice expires by TTL.
   */
  householdNote: (noteId: string) => `HOUSEHOLD_NOTE#${noteId}`,
  householdNotePrefix: 'HOUSEHOLD_NOTE#',
  /** An invitation, in a partition of its own keyed by the SHA-256 of its token (never the token). */
  invitation: (tokenHash: string) => `INVITE#${tokenHash}`,
  invitationEntry: () => 'INVITE',
  /** gsi1: a household's invitations, oldest first, for its card and its pending cap. */
  householdInvites: (householdId: string) => `HOUSEHOLD_INVITES#${householdId}`,
  householdInvite: (createdAtIso: string, invitationId: string) => `${createdAtIso}#${invitationId}`,
  /** Rate limit windows for public endpoints: one item per window, expired by TTL. */
  rateLimit: (name: string, window: string) => `RATE#${name}#${window}`,
  /**
   * One item per mail that must go at most once: the idempotency claim and the send record, in the
   * recipient's partition (so account deletion finds and anonymises them).
   */
  send: (dedupeKey: string) => `SEND#${dedupeKey}`,
  /**
   * One SES mail of a run to one recipient (a digest, or a single mail), in the recipient's
   * partition: claimed with all its mails' send records in one write, recorded sent in one write,
   * and found again by its token when SES reports the mail sent (decision 0025).
   */
  digest: (token: string) => `DIGEST#${token}`,
  /**
   * The next-mail index (gsi1): each reminder with a mail still to go, under the moment of its next
   * mail (ISO UTC). The job asks each shard for what is due at or before now.
   */
  nextMail: (shard: number) => `NEXT#${shard}`,
  nextMailEntry: (atIso: string, reminderId: string) => `${atIso}#${reminderId}`,
  sendPrefix: 'SEND#',
  /** Where a deleted user's send records go, stripped of the address. */
  anonymisedSends: () => 'ANONYMISED_SENDS',
  anonymisedSend: (createdAtIso: string, id: string) => `${createdAtIso}#${id}`,
  /** Sends listed newest first through the same GSI, one partition per UTC day. */
  sendsByDay: (day: string) => `EMAIL_SENDS#${day}`,
  sendsByDayEntry: (atIso: string, id: string) => `${atIso}#${id}`,
  /**
   * A pointer in the user's partition to a log item outside it that names the user (an e-mail log
   * or audit entry), so account deletion finds those items with the partition's one query.
   */
  logRef: (pk: string, sk: string) => `REF#${pk}#${sk}`,
  emailLogs: () => 'EMAIL_LOG',
  emailLog: (sentAtIso: string, id: string) => `${sentAtIso}#${id}`,
  /** A suppressed address, stored as a keyed hash under a key version (never the address itself). */
  suppressed: (version: string, addressHash: string) => `SUPPRESSED#${version}#${addressHash}`,
  /** The plain-address form of entries written before the hash; read (and migrated) only. */
  legacySuppressed: (email: string) => `SUPPRESSED#${email.toLowerCase()}`,
  suppressedEntry: () => 'SUPPRESSED',
  /**
   * An address that asked for no more household invitations (the invitation's unsubscribe link):
   * keyed, like a suppression, by a keyed hash of the address under a key version, never the address.
   */
  noInvitations: (version: string, addressHash: string) => `NO_INVITES#${version}#${addressHash}`,
  noInvitationsEntry: () => 'NO_INVITES',
  /**
   * Counters for statistics and the founding-member promotion, in one small partition: the global
   * counters spread over STATS_SHARDS shard items, and the sign-up ordinal on its own item.
   */
  stats: () => 'STATS',
  statsShard: (shard: number) => `GLOBAL#${shard}`,
  /** The unsharded counters item of older tables: read (summed, and its sign-ups), never written. */
  statsLegacyGlobal: () => 'GLOBAL',
  statsSignups: () => 'SIGNUPS',
  /** Reminders per renewal date, one small item per month (attributes d01..d31). */
  dueCounts: () => 'DUE_COUNTS',
  dueCountsMonth: (date: string) => date.slice(0, 7),
  /** Confirmed sign-ups per calendar day, for 'new this week'. */
  signupsByDay: () => 'SIGNUPS_BY_DAY',
  signupsDay: (atIso: string) => atIso.slice(0, 10),
  auditLog: () => 'AUDIT_LOG',
  auditEntry: (atIso: string, id: string) => `${atIso}#${id}`,
  cronRuns: () => 'CRON_RUN',
  cronRun: (ranAtIso: string, id: string) => `${ranAtIso}#${id}`,
  /**
   * The send messages a run's record has counted as done, one item each in the run's own partition
   * (expired by TTL): a message redelivered after a sender died is counted once.
   */
  runMessages: (runId: string) => `RUN_MESSAGES#${runId}`,
  runMessage: (messageId: string) => `MESSAGE#${messageId}`,
} as const;

/**
 * The dedupe keys of mails that must go at most once (the part after SEND# in the sort key): the
 * mail's identity, so a re-run or a retry finds the same key. A reminder's own mails spell theirs in
 * shared/reminder/mailKeys.ts, beside the mail they identify, and a kind of mail may spell its own
 * with its descriptor (shared/reminder/mails/: the inbox's letter mail does).
 */
export const dedupeKeys = {
  ...reminderMailKeys,
  /** The day's push to one device (the owner's date of the run): one a day, whatever the mails. */
  push: (day: string, deviceId: string) => `push#${day}#${deviceId}`,
  /** The day's message on one alert channel (the owner's date of the run): one a day per channel. */
  channel: (day: string, kind: ChannelKind) => `channel#${day}#${kind}`,
  /** The mail saying an alert channel went off: once per channel as it was saved (its version). */
  channelOff: (kind: ChannelKind, version: string) => `channel_off#${kind}#${version}`,
  /** Records that are not claims (simulations, mail not sent while sending is disabled). */
  unclaimed: (random: string) => `unclaimed#${random}`,
} as const;

/** The `entity` attribute of each item type. */
export const ENTITY = {
  profile: 'profile',
  reminder: 'reminder',
  saving: 'saving',
  emailSend: 'email_send',
  /** The send record of a day's push to one device (SEND#push#…). */
  pushSend: 'push_send',
  /** The send record of a day's message on one alert channel (SEND#channel#…). */
  channelSend: 'channel_send',
  channel: 'channel',
  telegramLink: 'telegram_link',
  telegramLinkLookup: 'telegram_link_lookup',
  telegramChat: 'telegram_chat',
  digest: 'digest',
  emailLog: 'email_log',
  suppression: 'suppression',
  audit: 'audit',
  cronRun: 'cron_run',
  runMessage: 'run_message',
  logRef: 'log_ref',
  calendarFeed: 'calendar_feed',
  importBatch: 'import_batch',
  importLock: 'import_lock',
  linkSignIn: 'link_sign_in',
  pushDevice: 'push_device',
  quote: 'quote',
  household: 'household',
  householdMember: 'household_member',
  membership: 'membership',
  householdNote: 'household_note',
  invitation: 'invitation',
  noInvitations: 'no_invitations',
  inboxItem: 'inbox_item',
  inboxAddress: 'inbox_address',
  inboxLookup: 'inbox_lookup',
  inboxDay: 'inbox_day',
  rateLimit: 'rate_limit',
} as const;
export type Entity = (typeof ENTITY)[keyof typeof ENTITY];

/**
 * Shards of the global counters: each write adds to one shard picked at random, so no single item
 * takes every write; the statistics reader sums them (decision 0009).
 */
export const STATS_SHARDS = 8;

const DAYS = Array.from({ length: 31 }, (_, i) => `d${String(i + 1).padStart(2, '0')}` as const);
type DueDayCounter = (typeof DAYS)[number];

/**
 * Counter attribute names, each from a closed list, so no attribute name is ever built from what a
 * caller sent. A global shard (STATS/GLOBAL#n) holds the totals and one counter per category and
 * per country; STATS/SIGNUPS holds `signups`; a DUE_COUNTS month item holds one counter per day
 * (d01..d31); a SIGNUPS_BY_DAY item holds one `count`; a rate-limit window holds its `hits`.
 */
export const COUNTERS = {
  users: 'users',
  reminders: 'reminders',
  /** Confirmed sign-ups ever: only grows (a deletion hands no founding place back). */
  signups: 'signups',
  savingsReports: 'savings_reports',
  savingsTotalPence: 'savings_total_pence',
  category: (category: Category) => `category_${category}` as const,
  countryPrefix: 'country_',
  country: (country: CountryCode) => `country_${country}` as const,
  /** The day counter of a YYYY-MM-DD date on its month's DUE_COUNTS item (d01 when unreadable). */
  dueDay: (date: string): DueDayCounter => DAYS[Number(date.slice(8, 10)) - 1] ?? 'd01',
  /** The day (DD) a due-day counter stands for, or undefined when the name is not one. */
  dayOfDueCounter: (name: string) => (/^d\d\d$/.test(name) ? name.slice(1) : undefined),
  signupsOnDay: 'count',
  rateLimitHits: 'hits',
  /** On the profile: how many push devices the user has (kept under PUSH_DEVICE_LIMIT). */
  pushDevices: 'push_devices',
  /** On the profile: how many reminders the account keeps, cancelled ones too (under REMINDER_LIMIT). */
  accountReminders: 'account_reminders',
  /** On a household item: its members (kept at most HOUSEHOLD_MEMBER_LIMIT). */
  householdMembers: 'member_count',
  /** On a household item: its shared reminders, cancelled ones too (under REMINDER_LIMIT). */
  householdReminders: 'reminder_count',
  /**
   * On a household item: the invitations made ever. Each new one is written only over the number it
   * read, so two at once cannot both take the last pending place (HOUSEHOLD_PENDING_LIMIT).
   */
  householdInvitations: 'invitations_made',
} as const;

/**
 * On a household item: the keys of the invitations that were pending when the last one was made (at
 * most HOUSEHOLD_PENDING_LIMIT), each read again to see if it still is (used, cancelled, expired).
 */
export const HOUSEHOLD_PENDING_INVITATIONS = 'pending_invitations';

/** Every counter name there is: the stores refuse to add to any other attribute. */
export const KNOWN_COUNTERS: ReadonlySet<string> = new Set<string>([
  COUNTERS.users,
  COUNTERS.reminders,
  COUNTERS.signups,
  COUNTERS.savingsReports,
  COUNTERS.savingsTotalPence,
  ...CATEGORY_VALUES.map(COUNTERS.category),
  ...COUNTRY_CODES.map(COUNTERS.country),
  ...DAYS,
  COUNTERS.signupsOnDay,
  COUNTERS.rateLimitHits,
  COUNTERS.pushDevices,
  COUNTERS.accountReminders,
  COUNTERS.householdMembers,
  COUNTERS.householdReminders,
  COUNTERS.householdInvitations,
]);

/** The counter of a stored country, or undefined for a value outside the list (older items). */
export function countryCounter(country: string): string | undefined {
  const name = `${COUNTERS.countryPrefix}${country}`;
  return KNOWN_COUNTERS.has(name) ? name : undefined;
}

/** A stable shard for a reminder id: the sum of its character codes, so no random state is needed. */
export function shardFor(id: string): number {
  let sum = 0;
  for (const ch of id) sum += ch.charCodeAt(0);
  return sum % NEXT_MAIL_SHARDS;
}
