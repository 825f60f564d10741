/** The household's pure rules (shared/household.ts): links, succession, the request schemas, masking. */
import { describe, expect, it } from 'vitest';
import {
  INVITEE_NAME_MAX,
  invitationExpiry,
  invitationInputSchema,
  invitationProblem,
  invitationState,
  invitationTokenSchema,
  joinPath,
  nextOwner,
} from '../../shared/household.ts';
import { maskEmail } from '../../shared/identity.ts';
import { HOUSEHOLD_MEMBER_LIMIT, HOUSEHOLD_MESSAGES } from '../../shared/messages.ts';

const now = new Date('2027-03-01T12:00:00Z');
const seconds = now.getTime() / 1000;

describe('an invitation link', () => {
  it('works for 7 days, then is expired; used and cancelled stay what they are', () => {
    expect(invitationExpiry(now)).toBe(seconds + 7 * 86_400);
    expect(invitationState('pending', seconds + 1, now)).toBe('pending');
    expect(invitationState('pending', seconds, now)).toBe('expired');
    expect(invitationState('used', seconds - 1, now)).toBe('used');
    expect(invitationState('cancelled', seconds + 99, now)).toBe('cancelled');
  });

  it('each refusal has its own plain message', () => {
    const messages = (['expired', 'used', 'cancelled', 'unknown'] as const).map(invitationProblem);
    expect(new Set(messages).size).toBe(4);
    expect(invitationProblem('expired')).toBe('This invitation has expired. Ask for a new one.');
  });

  it('takes only a 43-character base64url token, and the join page carries it', () => {
    const token = 'a'.repeat(42) + '_';
    expect(invitationTokenSchema.safeParse({ token }).success).toBe(true);
    for (const bad of ['a'.repeat(42), 'a'.repeat(44), `${'a'.repeat(42)}=`, `${'a'.repeat(42)}/`])
      expect(invitationTokenSchema.safeParse({ token: bad }).success, bad).toBe(false);
    expect(joinPath(token)).toBe(`/household/join?token=${token}`);
  });
});

describe('the invitation form', () => {
  it('takes an address and an optional name of at most 50 characters, with no links', () => {
    expect(invitationInputSchema.parse({ email: ' sam@example.com ', name: '' })).toEqual({
      email: 'sam@example.com',
      name: undefined,
    });
    expect(
      invitationInputSchema.safeParse({ email: 'sam@example.com', name: 'x'.repeat(INVITEE_NAME_MAX + 1) })
        .success,
    ).toBe(false);
    expect(
      invitationInputSchema.safeParse({ email: 'sam@example.com', name: 'www.spam.example' }).success,
    ).toBe(false);
    expect(invitationInputSchema.safeParse({ email: 'not an address' }).success).toBe(false);
  });
});

describe('owner succession', () => {
  it('passes to the longest-standing member; the same one on every retry', () => {
    const members = [
      { membership_id: 'b', joined_at: '2027-01-02T00:00:00Z' },
      { membership_id: 'c', joined_at: '2027-01-01T00:00:00Z' },
      { membership_id: 'a', joined_at: '2027-01-01T00:00:00Z' },
    ];
    expect(nextOwner(members)?.membership_id).toBe('a');
    expect(nextOwner([])).toBeUndefined();
  });
});

describe('limits and masking', () => {
  it('says the limit in plain words', () => {
    expect(HOUSEHOLD_MESSAGES.full).toBe(
      `Your household has ${HOUSEHOLD_MEMBER_LIMIT} members, the most a household can have.`,
    );
    expect(HOUSEHOLD_MESSAGES.fullToJoin('Ann')).toBe(
      "Ann's household has 6 members, the most a household can have.",
    );
  });

  it('masks an address to its first character and domain', () => {
    expect(maskEmail('sam@example.com')).toBe('s•••@example.com');
  });
});
