/**
 * The words around a figure on its line: the clause before it (back to the previous figure or the
 * end of the previous sentence) and the clause after it. Rules read a figure by its nearest words, so
 * 'Quote valid until 12 Dec. Your policy renews on 14 March' gives each date its own phrase.
 */

/** A found figure (a date or an amount): where it is on its line. */
export interface Span {
  line: number;
  index: number;
  end: number;
}

/**
 * Sentence and clause ends: '.', '!', '?', ';' or '|' before a space (a decimal point is not one,
 * nor the point of an abbreviation such as 'incl.' or 'No.').
 */
const BOUNDARY =
  /(?<!\b(?:incl|inc|excl|exc|approx|no|ref|tel|mr|mrs|ms|dr|st|ltd|co|e\.g|i\.e|etc|vs|p\.a|p|a\.m|p\.m|fig|max|min|est))[.!?;|•](?=\s|$)/gi;
const FIRST_BOUNDARY = new RegExp(BOUNDARY.source, 'i');

/** Lower case, typographic apostrophes and quotes made plain, spaces collapsed. */
export const plain = (text: string) =>
  text
    .toLowerCase()
    .replace(/[‘’`´]/g, "'")
    .replace(/[“”]/g, '"')
    .replace(/\s+/g, ' ');

/** The text of `line` before `index` back to `from` and the last clause end, at most `max` characters. */
export function clauseBefore(line: string, index: number, from = 0, max = 120): string {
  const start = Math.max(from, index - max);
  const text = line.slice(start, index);
  let cut = 0;
  for (const m of text.matchAll(BOUNDARY)) cut = m.index + m[0].length;
  return text.slice(cut);
}

/** The text of `line` after `end` up to `to` and the first clause end, at most `max` characters. */
export function clauseAfter(line: string, end: number, to = line.length, max = 80): string {
  const text = line.slice(end, Math.min(to, end + max));
  const m = FIRST_BOUNDARY.exec(text);
  return m ? text.slice(0, m.index) : text;
}

/** Whether text holds a letter: a clause of punctuation or spaces says nothing. */
export const hasWords = (text: string) => /\p{L}{2,}/u.test(text);
