/** Test data for the web tests: a household's members, a profile (a reminder: ../support/builders.ts). */
import type { Profile, PublicConfig } from '#shared/api.ts';
import { DEFAULT_FEATURE_FLAGS, EMAIL_PROVIDERS } from '#shared/flags.ts';
import type { Household, HouseholdMember } from '#shared/household.ts';

/** The caller (Alex) and Sam; a membership id that names neither is a former member's. */
export const ME_ID = '00000000-0000-4000-8000-000000000001';
export const SAM_ID = '00000000-0000-4000-8000-000000000002';
export const FORMER_ID = '00000000-0000-4000-8000-000000000009';
const member = (id: string, first_name: string, is_you: boolean): HouseholdMember => ({
  membership_id: id,
  first_name,
  masked_email: 'a•••@example.com',
  role: is_you ? 'owner' : 'member',
  joined_at: '2027-01-01T00:00:00Z',
  is_you,
});
export const MEMBERS = [member(ME_ID, 'Alex', true), member(SAM_ID, 'Sam', false)];
export const IN_HOUSEHOLD: { household: Household; notes: []; record: null } = {
  household: { is_owner: true, members: MEMBERS, invitations: [] },
  notes: [],
  record: null,
};
export const NO_HOUSEHOLD: { household: null; notes: []; record: null } = {
  household: null,
  notes: [],
  record: null,
};

export const aProfile = (over: Partial<Profile> = {}): Profile => ({
  id: 'p1',
  user_id: 'user-1',
  email: 'alex@example.com',
  first_name: 'Alex',
  last_name: 'Smith',
  country: 'GB',
  timezone: 'Europe/London',
  marketing_consent: false,
  is_admin: false,
  lifetime_free: false,
  reminder_emails: true,
  email_per_renewal: false,
  push_reminders: true,
  push_devices: 0,
  alert_channels: [],
  shared_reminder_mails: 'all',
  calendar_version: 0,
  calendar_feed_hash: null,
  sessions_valid_after: 0,
  password_reset_at: null,
  created_at: '2026-01-01T00:00:00.000Z',
  ...over,
});

/** GET /api/config: no flags on, no DVLA look-up. */
export const PUBLIC_CONFIG: PublicConfig = {
  stage: 'test',
  featureFlags: { ...DEFAULT_FEATURE_FLAGS },
  emailProvider: EMAIL_PROVIDERS[0],
  vehicleLookup: false,
};
