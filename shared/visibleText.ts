/**
 * Characters that change how text reads without being seen: bidi overrides and isolates (U+202E
 * turns "exe.txt" round), zero-width spaces and joiners, and blanks that look like nothing. Free
 * text that is stored and shown (names, titles, providers, notes) may hold none of them, except the
 * zero-width joiner inside an emoji sequence (👩‍💻), and a required field needs a character that shows.
 */

/** Bidi embeddings, overrides, isolates and marks; zero-width characters; invisible format marks. */
/* eslint-disable no-misleading-character-class -- single invisible code points (and skin-tone
   modifiers) are the point: each is matched on its own, never as part of a combined character */
const HIDDEN =
  /[\u00AD\u034F\u061C\u115F\u1160\u17B4\u17B5\u180E\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\u3164\uFEFF\uFFA0]/u;

/** A zero-width joiner between two pictographs (optionally presentation-selected): an emoji sequence. */
const EMOJI_JOIN =
  /(?<=\p{Extended_Pictographic}[\uFE0F\u{1F3FB}-\u{1F3FF}]?)\u200D(?=\p{Extended_Pictographic})/gu;
/* eslint-enable no-misleading-character-class */

/** What never shows on its own: white space, format and control characters, variation selectors. */
const NOT_SHOWN = /[\s\p{Cf}\p{Cc}\p{Z}\p{M}\uFE00-\uFE0F\u115F\u1160\u3164\uFFA0\u2800]/gu;

export const VISIBLE_TEXT_MESSAGES = {
  hidden: 'Contains invisible or direction-changing characters',
} as const;

/** Whether `text` holds a hidden character other than an emoji sequence's joiner. */
export function hasHiddenCharacters(text: string): boolean {
  return HIDDEN.test(text.replace(EMOJI_JOIN, ''));
}

/** Whether `text` has at least one character a reader would see. */
export function hasVisibleCharacters(text: string): boolean {
  return text.replace(NOT_SHOWN, '').length > 0;
}
