/**
 * Characters that change how text reads without being seen. Free text that is stored and shown
 * (names, titles, providers, notes) may hold none of them, and a required field needs a character
 * that shows. One rule, from Unicode's own lists rather than ours: every default-ignorable code point
 * (Default_Ignorable_Code_Point: zero-width spaces and joiners, variation selectors U+FE00–U+FE0F and
 * U+E0100–U+E01EF, tag characters U+E0000–U+E007F, Hangul fillers…) and every format character
 * (category Cf: bidi overrides and isolates, which turn "exe.txt" round, soft hyphens…), and the
 * braille blank U+2800, which is neither but shows nothing.
 *
 * Real emoji need three of them, so each is allowed in its place inside an emoji and nowhere else:
 * - the zero-width joiner U+200D between two pictographs (👩‍💻, 🏳️‍🌈);
 * - the emoji presentation selector U+FE0F once, right after a pictograph (❤️) or a keycap's
 *   digit, # or * before the keycap mark U+20E3 (1️⃣);
 * - tag characters only as the flags of England, Scotland and Wales (🏴 + the tags of gbeng, gbsct or
 *   gbwls + the cancel tag), the only tag sequences Unicode recommends, and ours a UK product.
 * Anything else (a selector after a letter, thirty after an emoji, a joiner that joins nothing) is
 * refused.
 */

/** The one rule: default-ignorable, format, or the braille blank. */
const HIDDEN = /[\p{Default_Ignorable_Code_Point}\p{Cf}\u2800]/u;

/** The three subdivision flags, whole: 🏴 gbeng / gbsct / gbwls, cancel tag. */
const UK_FLAG_TAGS =
  /(?<=\u{1F3F4})\u{E0067}\u{E0062}(?:\u{E0065}\u{E006E}\u{E0067}|\u{E0073}\u{E0063}\u{E0074}|\u{E0077}\u{E006C}\u{E0073})\u{E007F}/gu;

/* eslint-disable no-misleading-character-class -- single invisible code points (and skin-tone
   modifiers) are the point: each is matched on its own, never as part of a combined character */
/** A zero-width joiner between two pictographs (the first optionally presentation-selected or toned). */
const EMOJI_JOIN =
  /(?<=\p{Extended_Pictographic}[\uFE0F\u{1F3FB}-\u{1F3FF}]?)\u200D(?=\p{Extended_Pictographic})/gu;

/** One presentation selector right after a pictograph, or inside a keycap. */
const EMOJI_SELECTOR = /(?<=\p{Extended_Pictographic})\uFE0F|(?<=[0-9#*])\uFE0F(?=\u20E3)/gu;

/** What never shows on its own: white space, controls, marks, and everything HIDDEN. */
const NOT_SHOWN = /[\s\p{Cc}\p{Z}\p{M}\p{Default_Ignorable_Code_Point}\p{Cf}\u2800]/gu;
/* eslint-enable no-misleading-character-class */

export const VISIBLE_TEXT_MESSAGES = {
  hidden: 'Contains invisible or direction-changing characters',
} as const;

/** Whether `text` holds a hidden character other than those an emoji needs in its place. */
export function hasHiddenCharacters(text: string): boolean {
  // Joiners first: their look-behind may need the selector before them, which goes after.
  const withoutEmojiParts = text
    .replace(UK_FLAG_TAGS, '')
    .replace(EMOJI_JOIN, '')
    .replace(EMOJI_SELECTOR, '');
  return HIDDEN.test(withoutEmojiParts);
}

/** Whether `text` has at least one character a reader would see. */
export function hasVisibleCharacters(text: string): boolean {
  return text.replace(NOT_SHOWN, '').length > 0;
}
