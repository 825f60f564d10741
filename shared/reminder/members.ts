/**
 * The most members a household has (the owner included): what the household's invitations stop at
 * (shared/messages.ts says it) and the most shares a shared reminder's split can have (./split.ts).
 * No imports, so the messages that name it pull nothing else in.
 */
export const HOUSEHOLD_MEMBER_LIMIT = 6;
