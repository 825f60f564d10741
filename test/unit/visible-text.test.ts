/**
 * Invisible and direction-changing characters: refused in every free-text field (names, titles,
 * providers, notes), except the zero-width joiner inside an emoji sequence; a required field needs a
 * character that shows.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MESSAGES, profileUpdateSchema, reminderInputSchema, signUpSchema } from '../../shared/schemas.ts';
import {
  hasHiddenCharacters,
  hasVisibleCharacters,
  VISIBLE_TEXT_MESSAGES,
} from '../../shared/visibleText.ts';

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? [] : result.error!.issues.map((i) => i.message);

const profile = {
  first_name: 'Ann',
  last_name: '',
  country: 'GB',
  timezone: 'Europe/London',
  marketing_consent: false,
};
const reminder = { title: 'Home', category: 'insurance', provider: 'Aviva', renewal_date: '2027-01-15' };
const signUp = { email: 'a@example.com', password: 'secret', first_name: 'Ann', country: 'GB' };

/** Right-to-left override, isolates, marks, zero-width space/non-joiner/joiner, word joiner, BOM. */
const HIDDEN = [
  '\u202E',
  '\u202D',
  '\u2066',
  '\u2068',
  '\u2069',
  '\u200E',
  '\u200F',
  '\u200B',
  '\u200C',
  '\u200D',
  '\u2060',
  '\uFEFF',
  '\u061C',
];

describe('hidden characters in free text', () => {
  it('refuses U+202E and U+200B in names, titles, providers and notes', () => {
    for (const hidden of HIDDEN) {
      const text = `Ann${hidden}exe.txt`;
      expect(messages(profileUpdateSchema.safeParse({ ...profile, first_name: text })), hidden).toContain(
        VISIBLE_TEXT_MESSAGES.hidden,
      );
      expect(messages(profileUpdateSchema.safeParse({ ...profile, last_name: text }))).toContain(
        VISIBLE_TEXT_MESSAGES.hidden,
      );
      expect(messages(signUpSchema.safeParse({ ...signUp, first_name: text }))).toContain(
        VISIBLE_TEXT_MESSAGES.hidden,
      );
      for (const field of ['title', 'provider', 'notes'] as const) {
        expect(messages(reminderInputSchema.safeParse({ ...reminder, [field]: text })), field).toContain(
          VISIBLE_TEXT_MESSAGES.hidden,
        );
      }
    }
  });

  it('keeps the zero-width joiner inside an emoji sequence, and ordinary accents and scripts', () => {
    for (const title of [
      'Laptop 👩‍💻',
      'Family 👨‍👩‍👧',
      '🏳️‍🌈 club',
      'Café Zoë',
      'Ελληνικά',
      'עברית',
      'مرحبا',
      '日本語',
    ]) {
      expect(reminderInputSchema.safeParse({ ...reminder, title }).success, title).toBe(true);
    }
    // A joiner that joins no emoji is refused.
    expect(hasHiddenCharacters('a\u200Db')).toBe(true);
    expect(hasHiddenCharacters('👩\u200D')).toBe(true);
  });

  it('validates "required" on visible characters: a title of only zero-width spaces is no title', () => {
    expect(messages(reminderInputSchema.safeParse({ ...reminder, title: '\u200B\u200B\u200B' }))).toContain(
      MESSAGES.titleRequired,
    );
    expect(messages(reminderInputSchema.safeParse({ ...reminder, provider: '\u3164' }))).toContain(
      MESSAGES.providerRequired,
    );
    expect(messages(profileUpdateSchema.safeParse({ ...profile, first_name: '\uFE0F\u2800' }))).toContain(
      MESSAGES.firstNameRequired,
    );
  });

  it('finds a hidden character wherever it is put in any text', () => {
    fc.assert(
      fc.property(
        fc.string(),
        fc.constantFrom(...HIDDEN.filter((c) => c !== '\u200D')),
        fc.string(),
        (a, hidden, b) => {
          expect(hasHiddenCharacters(`${a}${hidden}${b}`)).toBe(true);
        },
      ),
    );
  });

  it('sees a visible character in any text that has a letter or digit', () => {
    fc.assert(
      fc.property(fc.string(), fc.constantFrom('a', 'Z', '7', 'é', '£', '😀'), fc.string(), (a, shown, b) => {
        expect(hasVisibleCharacters(`${a}${shown}${b}`)).toBe(true);
      }),
    );
  });
});
