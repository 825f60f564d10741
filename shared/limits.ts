/**
 * The limits the store enforces in its conditional writes and the messages name: kept apart from
 * the messages themselves, so the store takes a number without taking any user text.
 */
import { HOUSEHOLD_MEMBER_LIMIT } from './reminder/members.ts';

/**
 * The most reminders one account keeps (cancelled ones count until deleted), so its list, calendar
 * feed and data download stay far below Lambda's 6 MB response limit (test/integration/account-limit).
 */
export const REMINDER_LIMIT = 1000;

/** The most members a household has (the owner included). */
export { HOUSEHOLD_MEMBER_LIMIT };
/** Invitations one person may send a UTC day, and a household's pending ones at once (anti-spam). */
export const HOUSEHOLD_INVITES_PER_DAY = 10;
export const HOUSEHOLD_PENDING_LIMIT = 5;
