/** Closed lists stay closed and free text holds no control characters, on every schema that stores it. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { COUNTRY_CODES, TIMEZONES } from '../../shared/locales.ts';
import { profileUpdateSchema, signUpSchema } from '../../shared/schemas/account.ts';
import { MESSAGES } from '../../shared/schemas/fields.ts';
import { reminderInputSchema } from '../../shared/schemas/reminder.ts';
import { messages } from '../support/issues.ts';
import { aProfileUpdate } from '../support/builders.ts';

const profile = aProfileUpdate();
const reminder = { title: 'Home', category: 'insurance', provider: 'Aviva', renewal_date: '2027-01-15' };

describe('country and time zone', () => {
  it('accepts every offered value and nothing else', () => {
    for (const country of COUNTRY_CODES)
      expect(profileUpdateSchema.safeParse({ ...profile, country }).success).toBe(true);
    for (const timezone of TIMEZONES)
      expect(profileUpdateSchema.safeParse({ ...profile, timezone }).success).toBe(true);
    expect(messages(profileUpdateSchema.safeParse({ ...profile, country: 'x'.repeat(1000) }))).toEqual([
      MESSAGES.countryInvalid,
    ]);
    expect(messages(profileUpdateSchema.safeParse({ ...profile, timezone: 'Not/AZone' }))).toEqual([
      MESSAGES.timezoneInvalid,
    ]);
    expect(
      messages(
        signUpSchema.safeParse({
          email: 'a@example.com',
          password: 'secret',
          first_name: 'A',
          country: 'gb',
        }),
      ),
    ).toEqual([MESSAGES.countryInvalid]);
  });

  it('refuses any string that is not on the list', () => {
    fc.assert(
      fc.property(
        fc
          .string({ minLength: 1, maxLength: 300 })
          .filter((s) => !(COUNTRY_CODES as readonly string[]).includes(s.trim())),
        (country) => !profileUpdateSchema.safeParse({ ...profile, country }).success,
      ),
    );
  });
});

describe('free text', () => {
  it('refuses control characters and line breaks in titles, providers and names', () => {
    for (const bad of ['a\u0000b', 'Home\r\nBcc: x@evil.example', 'a\u001bb', 'a\u2028b', 'a\u0085b']) {
      expect(messages(reminderInputSchema.safeParse({ ...reminder, title: bad }))).toEqual([
        MESSAGES.controlCharacters,
      ]);
      expect(messages(reminderInputSchema.safeParse({ ...reminder, provider: bad }))).toEqual([
        MESSAGES.controlCharacters,
      ]);
      expect(messages(profileUpdateSchema.safeParse({ ...profile, first_name: bad }))).toContain(
        MESSAGES.controlCharacters,
      );
    }
  });

  it('allows line breaks in notes but no other control characters', () => {
    expect(
      reminderInputSchema.parse({ ...reminder, notes: 'Line one\nLine two\r\n\tthree' }).notes,
    ).toContain('\n');
    expect(messages(reminderInputSchema.safeParse({ ...reminder, notes: 'a\u0000b' }))).toEqual([
      MESSAGES.controlCharacters,
    ]);
  });

  it('refuses lone surrogates but keeps real emoji', () => {
    expect(messages(reminderInputSchema.safeParse({ ...reminder, title: 'a\ud800b' }))).toEqual([
      MESSAGES.unreadableCharacters,
    ]);
    expect(reminderInputSchema.parse({ ...reminder, title: 'Car 🚗 insurance' }).title).toBe(
      'Car 🚗 insurance',
    );
  });

  it('refuses web addresses in names', () => {
    for (const name of ['Visit https://evil.example now', 'www.win', 'claim.prize.com']) {
      expect(messages(profileUpdateSchema.safeParse({ ...profile, first_name: name }))).toContain(
        MESSAGES.nameNoUrls,
      );
    }
    expect(
      profileUpdateSchema.safeParse({ ...profile, first_name: "Mary-Jane O'Neil", last_name: 'St. John' })
        .success,
    ).toBe(true);
  });

  it('never accepts a title holding a control character', () => {
    fc.assert(
      fc.property(fc.string(), fc.integer({ min: 0, max: 0x1f }), fc.string(), (a, code, b) => {
        const title = `x${a}${String.fromCharCode(code)}${b}x`;
        return !reminderInputSchema.safeParse({ ...reminder, title: title.slice(0, 200) }).success;
      }),
    );
  });
});
