/**
 * Invisible and direction-changing characters: refused in every free-text field (names, titles,
 * providers, notes), by one rule (every default-ignorable code point, every format character, and
 * the braille blank), except the joiner, the presentation selector and the UK flags' tags in their
 * place inside an emoji; a required field needs a character that shows.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../shared/schemas/fields.ts';
import { profileUpdateSchema, signUpSchema } from '../../shared/schemas/account.ts';
import { reminderInputSchema } from '../../shared/schemas/reminder.ts';
import {
  hasHiddenCharacters,
  hasVisibleCharacters,
  VISIBLE_TEXT_MESSAGES,
} from '../../shared/visibleText.ts';
import { messages } from '../support/issues.ts';
import { aProfileUpdate } from '../support/builders.ts';

const profile = aProfileUpdate();
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

  it('refuses, over the whole code-point range, exactly the default-ignorable and format characters and U+2800', () => {
    // Unicode's properties are the definition; the rule must agree with them at every code point.
    const unicodeHidden = /^[\p{Default_Ignorable_Code_Point}\p{Cf}]$/u;
    const wrong: string[] = [];
    for (let cp = 0; cp <= 0x10ffff; cp++) {
      if (cp >= 0xd800 && cp <= 0xdfff) continue;
      const char = String.fromCodePoint(cp);
      const expected = unicodeHidden.test(char) || cp === 0x2800;
      if (hasHiddenCharacters(`Sam${char}x`) !== expected) wrong.push(cp.toString(16));
    }
    expect(wrong).toEqual([]);
  });

  it('finds any hidden code point wherever it is put, when it is not an emoji’s part in its place', () => {
    const hiddenCodePoint = fc
      .integer({ min: 0, max: 0x10ffff })
      .filter(
        (cp) =>
          (cp < 0xd800 || cp > 0xdfff) &&
          /[\p{Default_Ignorable_Code_Point}\p{Cf}\u2800]/u.test(String.fromCodePoint(cp)),
      );
    fc.assert(
      fc.property(
        fc.string({ unit: 'binary' }),
        hiddenCodePoint,
        fc.string({ unit: 'binary' }),
        (a, cp, b) => {
          // After a letter, no hidden character is an emoji's part, joiners and selectors included.
          expect(hasHiddenCharacters(`${a}m${String.fromCodePoint(cp)}${b}`)).toBe(true);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('refuses selectors and tags hung on a name, repeated, or spelling anything but the UK flags', () => {
    for (const text of [
      `Sam${'\uFE0F'.repeat(30)}`,
      `Sam${'\u{E0100}'.repeat(30)}`,
      `Sam${'\uFE0E'}`,
      `😀${'\uFE0F'.repeat(2)}`,
      'Sam\u2800',
      // 'Sam' spelt again in tag characters after a name (invisible prompt text).
      'Sam\u{E0053}\u{E0061}\u{E006D}',
      // A black flag with tags that are not one of the three, or not closed.
      '🏴\u{E0067}\u{E0062}\u{E0078}\u{E0079}\u{E007A}\u{E007F}',
      '🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}',
      '1\uFE0F',
      '\u200D😀',
    ]) {
      expect(hasHiddenCharacters(text), JSON.stringify(text)).toBe(true);
    }
    expect(hasVisibleCharacters('\u{E0100}\u{E0041}\u2800\u115F')).toBe(false);
  });

  it('keeps real emoji: joined, presentation-selected, keycaps and the flags of England, Scotland and Wales', () => {
    for (const text of [
      '❤️',
      '©️ 2027',
      '1️⃣ #️⃣ *️⃣',
      '❤️‍🔥',
      '🧑🏽‍💻',
      '🏴‍☠️',
      '👁️‍🗨️',
      '🏴󠁧󠁢󠁥󠁮󠁧󠁿 🏴󠁧󠁢󠁳󠁣󠁴󠁿 🏴󠁧󠁢󠁷󠁬󠁳󠁿',
      'Scottish Widows 🏴󠁧󠁢󠁳󠁣󠁴󠁿',
    ]) {
      expect(hasHiddenCharacters(text), text).toBe(false);
      expect(reminderInputSchema.safeParse({ ...reminder, title: text }).success, text).toBe(true);
    }
  });

  it('sees a visible character in any text that has a letter or digit', () => {
    fc.assert(
      fc.property(fc.string(), fc.constantFrom('a', 'Z', '7', 'é', '£', '😀'), fc.string(), (a, shown, b) => {
        expect(hasVisibleCharacters(`${a}${shown}${b}`)).toBe(true);
      }),
    );
  });
});
